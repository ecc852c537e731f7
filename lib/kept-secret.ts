import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "@/lib/config";
import { errorFields, log } from "@/lib/log";

// read once per process and file: a signature check per callback must not read the disk
const kept = new Map<string, string>();

/**
 * A random secret of this installation, generated at first use and kept under DATA_DIR as
 * `name` (mode 0600), so every process of the installation (web, workers, `npm run token`) reads
 * the same one and no two installations share it: AUTH_SECRET's default and the sandbox gateways'
 * keys. If another process generated it a moment ago, theirs is kept.
 */
export function keptSecret(name: string): string {
  const file = path.join(dataDir(), name);
  const known = kept.get(file);
  if (known) return known;
  const secret = readOrCreate(file);
  kept.set(file, secret);
  return secret;
}

function readOrCreate(file: string): string {
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return existing;
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
    return fs.readFileSync(file, "utf8").trim();
  }
  return secret;
}

/**
 * A sandbox gateway's key (./sms, ./meals, ./rides settings): the installation's kept secret, or,
 * where DATA_DIR cannot be written (a read-only image that runs drills), one for this process only,
 * with a warning: the drills' callbacks may then fail their signature in another process, which
 * beats failing the drill's step, and never falls back to a key anyone could read in the source.
 */
export function sandboxKey(name: string): string {
  try {
    return keptSecret(name);
  } catch (err) {
    const file = path.join(dataDir(), name);
    const own = crypto.randomBytes(32).toString("base64url");
    kept.set(file, own);
    log("warn", "sandbox key not kept: DATA_DIR cannot be written, this process uses its own", { name, ...errorFields(err) });
    return own;
  }
}
