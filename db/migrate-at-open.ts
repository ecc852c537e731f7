import { config } from "@/lib/config";
import { jobMode } from "@/lib/config/job-mode";
import type { Driver } from "./client";

/**
 * Whether opening the process's database applies the migrations. Yes on the embedded database
 * (one process owns it; there is no deploy step) and for `npm start` on a server database (a
 * long-lived process, migrations queued behind an advisory lock). Not in inngest mode on a server
 * database: that is the serverless deployment, where every cold start would pay for it and where
 * the lock, a session lock, is not kept by a transaction-mode pooler (Neon's `-pooler` host); there
 * the deploy step runs `npm run db:migrate` on the direct URL (docs/deployment.md).
 */
export function migratesAtOpen(driver: Driver, env: Parameters<typeof jobMode>[0] = config): boolean {
  return driver === "pglite" || jobMode(env) === "embedded";
}
