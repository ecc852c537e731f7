import { Inngest } from "inngest";

/** The app's Inngest client; the dev server or Cloud keys are read from INNGEST_* variables. */
export const inngest = new Inngest({ id: "disruption-accommodation" });
