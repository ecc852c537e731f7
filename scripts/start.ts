/**
 * `npm start`: builds the app when no build exists or the sources changed since the last one,
 * then serves the console and the API (default http://localhost:3000). The server itself
 * creates, migrates and seeds the embedded database on first start (instrumentation.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { authSecret } from "../lib/auth/secret";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = process.cwd();
const SOURCES = ["app", "components", "lib", "db", "inngest", "emails", "instrumentation.ts", "next.config.ts", "package.json", "postcss.config.mjs"];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

// generated before the server starts so `npm run token` and the server agree from the first second
authSecret();

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
if (process.env.SKIP_BUILD !== "1" && buildIsStale()) {
  console.log("Building the app (first start or changed sources)…");
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const server = spawn(process.execPath, [next, "start", "-p", port, "-H", process.env.HOST || "0.0.0.0"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
