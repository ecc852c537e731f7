import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { functionLimit, type AnyJob } from "./define";
import { LANE_SEPARATOR } from "./due";

/**
 * Brings the claim columns of unfinished runs in line with the live definitions, once per runner
 * start: runs made before a function gained (or lost) a concurrency limit or changed its priority,
 * or before these columns existed, are then claimed as the definition now says. One statement,
 * served by job_runs_function_idx; it changes nothing when nothing changed.
 */
export async function reconcileRuns(db: Db, jobs: readonly AnyJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const values = sql.join(
    jobs.map((j) => sql`(${j.id}::text, ${Boolean(functionLimit(j))}::boolean, ${j.priority ?? 0}::int)`),
    sql`, `,
  );
  await db.execute(sql`update job_runs r set
      lane = case when d.limited then r.function_id || ${LANE_SEPARATOR} || coalesce(r.concurrency_key, '') end,
      priority = d.priority,
      due_at = r.next_run_at - d.priority * interval '1 second'
    from (values ${values}) as d(function_id, limited, priority)
    where r.function_id = d.function_id and r.status in ('QUEUED', 'SLEEPING', 'RETRYING', 'RUNNING')
      and (r.lane is distinct from case when d.limited then r.function_id || ${LANE_SEPARATOR} || coalesce(r.concurrency_key, '') end
        or r.priority <> d.priority or r.due_at is null)
      -- a run already re-timed is left alone unless its priority changed
`);
}
