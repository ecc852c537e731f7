import { config } from "./env";
import type { Config } from "./schema";

export type JobMode = "inngest" | "embedded";

/**
 * "inngest" when an Inngest server is configured: the dev server (INNGEST_DEV=1) or Inngest
 * Cloud keys. Otherwise the embedded runner executes the same definitions in-process.
 */
export function jobMode(env: Pick<Config, "INNGEST_DEV" | "INNGEST_SIGNING_KEY" | "INNGEST_EVENT_KEY"> = config): JobMode {
  const dev = env.INNGEST_DEV;
  if ((dev && dev !== "0" && dev !== "false") || env.INNGEST_SIGNING_KEY || env.INNGEST_EVENT_KEY) return "inngest";
  return "embedded";
}
