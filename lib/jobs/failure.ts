import type { JobError } from "@/db/schema";
import { FAILURE_EVENT, type AnyJob, type JobEvent } from "./define";
import { fromJobError } from "./errors";

/** Inngest's function.failed payload; the embedded runner writes the same (lib/jobs/store.ts failureEvent). */
export type FailureData = { function_id: string; run_id: string; error: JobError; event: JobEvent<unknown> };

export const FAILURE_SUFFIX = "-failure";

/**
 * The failure handler as a job of its own, as Inngest makes it: `<id>-failure`, triggered by the
 * function.failed event of this function only, one retry. Its handler gives the job's onFailure
 * the failed run's event (schema-checked as the run's was) and the error rebuilt from its row.
 */
export function failureJobOf(job: AnyJob): AnyJob | null {
  const onFailure = job.onFailure;
  if (!onFailure) return null;
  return {
    id: `${job.id}${FAILURE_SUFFIX}`,
    event: FAILURE_EVENT,
    failureOf: job.id,
    retries: 1,
    handler: (ctx) => {
      const failure = ctx.event.data as FailureData;
      const parsed = job.schema ? job.schema.safeParse(failure.event.data) : { success: true as const, data: failure.event.data };
      return onFailure({
        ...ctx,
        event: { ...failure.event, data: parsed.success ? parsed.data : failure.event.data },
        error: fromJobError(failure.error),
        failedRunId: failure.run_id,
      });
    },
  };
}

/** Every job plus the failure-handler jobs of those with onFailure: what the embedded runner subscribes. */
export function withFailureJobs(jobs: readonly AnyJob[]): AnyJob[] {
  return jobs.flatMap((j) => [j, ...(failureJobOf(j) ? [failureJobOf(j)!] : [])]);
}
