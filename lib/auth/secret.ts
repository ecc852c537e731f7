import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "@/lib/config";

/**
 * AUTH_SECRET from the environment; otherwise one generated at first start and kept under
 * DATA_DIR, so `npm start` needs no configuration and `npm run token` signs with the same key.
 */
export function authSecret(): string {
  const fromEnv = process.env.AUTH_SECRET;
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir(), "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return (process.env.AUTH_SECRET = existing);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    // wx: if another process generated one a moment ago, keep theirs
    fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return (process.env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim());
  }
  return (process.env.AUTH_SECRET = secret);
}
