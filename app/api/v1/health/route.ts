// GET /api/v1/health – public liveness and database check
import { sql } from "drizzle-orm";
import { database } from "@/db/client";
import { handle } from "@/lib/api/handler";
import { healthRoute } from "@/lib/api/routes/system";
import { jobMode } from "@/lib/jobs/mode";

export const dynamic = "force-dynamic";

export const GET = handle(healthRoute, async () => {
  const started = performance.now();
  const { db, driver } = await database();
  const ok = await db.execute(sql`select 1`).then(() => true, () => false);
  return {
    status: ok ? "ok" : "degraded",
    database: { driver, ok, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    jobs: { mode: jobMode() },
    version: process.env.npm_package_version ?? "0.1.0",
    time: new Date().toISOString(),
  };
});
