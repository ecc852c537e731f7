export type JobMode = "inngest" | "embedded";

/**
 * "inngest" when an Inngest server is configured: the dev server (INNGEST_DEV=1) or Inngest
 * Cloud keys. Otherwise the embedded runner executes the same definitions in-process.
 */
export function jobMode(env: Record<string, string | undefined> = process.env): JobMode {
  const dev = env.INNGEST_DEV;
  if ((dev && dev !== "0" && dev !== "false") || env.INNGEST_SIGNING_KEY || env.INNGEST_EVENT_KEY) return "inngest";
  return "embedded";
}
