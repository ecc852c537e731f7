import { assessCare, type CareTrigger } from "@/lib/care/assess";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import type { EventName } from "@/lib/events";
import { PASSENGER_FLOW } from "./lanes";
import { systemCtxOf } from "@/lib/jobs/system-ctx";

/**
 * A case's right to care is decided after the change that moves its facts commits: at intake, when
 * the next flight moves, when passengers join. Idempotent: an assessment equal to the newest writes
 * nothing, so a replayed or duplicated event is harmless.
 */
function assessOn(event: Extract<EventName, "case/created" | "case/reaccommodated" | "case/passengers-added">, trigger: CareTrigger) {
  return defineJob({
    ...PASSENGER_FLOW,
    id: `assess-care-${event.split("/")[1]}`,
    event,
    retries: 4,
    handler: async ({ event: e, step }) => {
      const ctx: Ctx = await systemCtxOf(e.data.tenant, "care");
      return step.run("assess", async () => {
        const { assessment, fresh } = await assessCare(ctx, e.data.caseUrn, trigger);
        return { version: assessment.version, fresh };
      });
    },
  });
}

export const careAssessors = [assessOn("case/created", "CASE_CREATED"), assessOn("case/reaccommodated", "REACCOMMODATED"), assessOn("case/passengers-added", "PASSENGERS_ADDED")];
