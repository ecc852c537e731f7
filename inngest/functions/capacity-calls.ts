import { callHotelsOnShortWave } from "@/lib/capacity/policy-call";
import { defineJob } from "@/lib/jobs/define";
import { queueCapacityCallMessages } from "@/lib/messages/capacity-call";
import { BACKGROUND } from "./lanes";
import { systemCtxOf } from "@/lib/jobs/system-ctx";

/** a capacity call went out (a supervisor or the policy) → one e-mail per reachable hotel, after the call committed */
export const messagesOnCapacityCalled = defineJob({
  id: "messages-capacity-called",
  event: "capacity/called",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtxOf(event.data.tenant, "messages");
    return { queued: await step.run("queue", () => queueCapacityCallMessages(ctx, { callUrn: event.data.callUrn })) };
  },
});

/** a wave persisted with groups held for want of rooms → the policy's capacity call, when the shortfall reaches its threshold */
export const capacityCallOnWave = defineJob({
  ...BACKGROUND,
  id: "capacity-call-on-wave",
  event: "allocation/wave.persisted",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtxOf(event.data.tenant, "capacity-call");
    return step.run("call", () => callHotelsOnShortWave(ctx, { caseUrn: event.data.caseUrn, waveUrn: event.data.waveUrn }));
  },
});

export const capacityCallJobs = [messagesOnCapacityCalled, capacityCallOnWave];
