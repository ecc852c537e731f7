import { eq } from "drizzle-orm";
import { database } from "@/db/client";
import { cases } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { once } from "@/lib/jobs/effects";

export const ACK_ACTION = "intake-acknowledged";

/**
 * The reference job for a step with a side effect (see lib/jobs/effects.ts): on a new case it
 * writes one audit entry saying the job pipeline picked the case up, keyed by the event id, so a
 * crash between the entry's commit and the step's memo row does not write it twice on replay.
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
            const [row] = await tx.db.select({ airport: cases.airport }).from(cases).where(eq(cases.urn, event.data.caseUrn));
            return writeAudit(tx, { entity: "case", entityUrn: event.data.caseUrn, action: ACK_ACTION, airport: row?.airport ?? null, reason: "picked up by the job pipeline" });
          },
          { functionId: "case-intake-acknowledged", runId },
        );
        return { auditUrn: result, fresh };
      });
    },
  });
}

export const caseIntakeAcknowledged = caseIntakeAcknowledgedJob();
