import { caseCreatedLog } from "@/inngest/functions/case-created-log";
import type { AnyJob } from "./define";

/** Every job, served to Inngest by app/api/inngest and run by the embedded runner. Add new ones here. */
export const jobs: AnyJob[] = [caseCreatedLog];
