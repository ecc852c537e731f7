import { config, setVar } from "@/lib/config";
import { keptSecret } from "@/lib/kept-secret";

/**
 * AUTH_SECRET from the environment; otherwise one generated at first start and kept under
 * DATA_DIR, so `npm start` needs no configuration and `npm run token` signs with the same key.
 */
export function authSecret(): string {
  const fromEnv = config.AUTH_SECRET;
  if (fromEnv) return fromEnv;
  // written back so the processes this one starts (npm start's server and workers) sign with it too
  const kept = keptSecret("auth-secret");
  setVar("AUTH_SECRET", kept);
  return kept;
}
