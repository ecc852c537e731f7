import { keptSecret } from "@/lib/kept-secret";

/**
 * AUTH_SECRET from the environment; otherwise one generated at first start and kept under
 * DATA_DIR, so `npm start` needs no configuration and `npm run token` signs with the same key.
 */
export function authSecret(): string {
  const fromEnv = process.env.AUTH_SECRET;
  if (fromEnv) return fromEnv;
  return (process.env.AUTH_SECRET = keptSecret("auth-secret"));
}
