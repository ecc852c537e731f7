// GET /api/v1/health – public liveness and database check
import { sql } from "drizzle-orm";
import { database } from "@/db/client";
import { handle } from "@/lib/api/handler";
import { healthRoute } from "@/lib/api/routes/system";
import { jobMode } from "@/lib/config/job-mode";
// the running code's version, whoever started it (npm sets npm_package_version; `next start` alone does not)
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const GET = handle(healthRoute, async () => {
  const started = performance.now();
  const { db, driver } = await database();
  const ok = await db.execute(sql`select 1`).then(() => true, () => false);
  return {
    status: ok ? "ok" : "degraded",
    database: { driver, ok, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    jobs: { mode: jobMode() },
    version: pkg.version,
    time: new Date().toISOString(),
  };
});
