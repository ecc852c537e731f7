import { defineJob } from "@/lib/jobs/define";
import { BACKGROUND } from "./lanes";

/**
 * Notes each new case in the job log. It does nothing else: it is the smallest real function,
 * there so a fresh install shows a run per case in the console and the pipeline is visibly alive.
 */
export const caseCreatedLog = defineJob({
  ...BACKGROUND,
  id: "case-created-log",
  event: "case/created",
  retries: 1,
  handler: async ({ event, step, logger }) => {
    return step.run("note-case", () => {
      logger.info("case created", { tenant: event.data.tenant, caseUrn: event.data.caseUrn });
      return { caseUrn: event.data.caseUrn };
    });
  },
});
