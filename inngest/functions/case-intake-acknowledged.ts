import { database } from "@/db/client";
import { caseMilestones } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { once } from "@/lib/jobs/effects";

export const ACK_MILESTONE = "INTAKE_ACKNOWLEDGED";

/**
 * The reference job for a step with a side effect (see lib/jobs/effects.ts): on a new case it
 * records the INTAKE_ACKNOWLEDGED milestone (when the job pipeline picked the case up), keyed by
 * the event id, so a crash between the row's commit and the step's memo row does not write it
 * twice on replay. The milestone is not an audit entry on purpose: the case's audit log holds
 * only what people and the service decided, never an asynchronous bookkeeping line.
 * `db` is injectable for tests; the app uses the process's database.
 */
export function caseIntakeAcknowledgedJob(db: () => Promise<Ctx["db"]> = async () => (await database()).db) {
  return defineJob({
    id: "case-intake-acknowledged",
    event: "case/created",
    retries: 3,
    handler: async ({ event, step, runId }) => {
      return step.run("acknowledge", async () => {
        const ctx: Ctx = { db: await db(), principal: systemPrincipal(event.data.tenant, "jobs") };
        const { result, fresh } = await once(
          ctx,
          `case-intake-acknowledged:${event.id}`,
          async (tx) => {
            const at = new Date();
            await tx.db.insert(caseMilestones).values({ caseUrn: event.data.caseUrn, tenant: event.data.tenant, milestone: ACK_MILESTONE, at, recordedBy: `job:${runId}` });
            return at.toISOString();
          },
          { functionId: "case-intake-acknowledged", runId },
        );
        return { acknowledgedAt: result, fresh };
      });
    },
  });
}

export const caseIntakeAcknowledged = caseIntakeAcknowledgedJob();
