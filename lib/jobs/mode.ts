/** "inngest" when an Inngest server is configured (dev server or Cloud keys), else the embedded runner. */
export function jobMode(): "embedded" | "inngest" {
  if (process.env.INNGEST_DEV === "1" || process.env.INNGEST_SIGNING_KEY || process.env.INNGEST_EVENT_KEY) return "inngest";
  return "embedded";
}
