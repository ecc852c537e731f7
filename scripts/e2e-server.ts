/**
 * The server Playwright starts: the production build on a fresh database — a new embedded one
 * under .data-e2e, or, when TEST_DATABASE_URL names a PostgreSQL server, a new database on it —
 * with demo data, on E2E_PORT (default 3100).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const dir = path.join(process.cwd(), ".data-e2e");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.DATA_DIR = dir;
process.env.PORT = process.env.E2E_PORT || "3100";
process.env.HOST = "127.0.0.1";
process.env.SEED_DEMO = "1";
process.env.AUTH_SECRET ||= crypto.randomBytes(32).toString("base64url");
// kept where lib/auth/secret.ts looks for it, so a spec can sign what the server checks (a passenger link)
fs.writeFileSync(path.join(dir, "auth-secret"), process.env.AUTH_SECRET, { mode: 0o600 });

const server = process.env.TEST_DATABASE_URL;
if (server) {
  // one fixed name, recreated each run, so runs leave nothing behind but the last one
  const name = "das_e2e";
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  console.log(`e2e database: ${name}`);
} else {
  delete process.env.DATABASE_URL;
}

await import("./start");
