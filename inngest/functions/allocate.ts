import { allocationJobFailed } from "@/lib/allocation/job-failed";
import { batchWindowEnd } from "@/lib/allocation/batch";
import { completeAllocation, prepareAllocation, type Prepared, type RunAllocationInput } from "@/lib/allocation/run";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { PASSENGER_BOOKING } from "./lanes";

const systemCtx = systemCtxFor("allocation");

/**
 * Approved demand → allocation wave (spec 3.1, 4.8): wait for the airport's batch window when its
 * policy says BATCH, search the three sources, run the engine in the worker pool and persist the
 * wave with everything it decides. The wave is keyed by the demand, so a re-delivered approval
 * finds the wave it made; one run per case at a time. After the last retry the case goes to
 * review instead of hanging in ALLOCATING.
 */
export const allocateOnApproval = defineJob({
  ...PASSENGER_BOOKING,
  id: "allocate-on-approval",
  event: "demand/approved",
  retries: 4,
  // searches run side by side; completeAllocation takes a tenant's waves one at a time, so each sees the rooms the previous one took
  concurrency: { limit: 8, key: "event.data.tenant" },
  stepTimeout: "2m",
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, demandUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const windowEnd = await step.run("batch-window", () => batchWindowEnd(ctx, caseUrn));
    if (windowEnd) await step.sleepUntil("wait-for-batch", windowEnd);
    const input: RunAllocationInput = { caseUrn, demandUrn, trigger: windowEnd ? "BATCH" : "DEMAND", reason: null, idempotencyKey: `demand:${demandUrn}` };
    const prepared = (await step.run("search", () => prepareAllocation(ctx, input))) as Prepared;
    if (prepared.kind === "skipped") return prepared;
    return step.run("allocate", () => completeAllocation(ctx, input, prepared));
  },
  onFailure: async ({ event, error }) => {
    await allocationJobFailed(await systemCtx(event.data.tenant), { caseUrn: event.data.caseUrn, error: error.message });
  },
});

/** An explicit request to place a case's waiting groups again (a relaxed policy, a split): one wave per event. */
export const allocateOnRequest = defineJob({
  id: "allocate-on-request",
  event: "allocation/requested",
  retries: 4,
  // as above: the engine half is serialised per tenant by completeAllocation
  concurrency: { limit: 8, key: "event.data.tenant" },
  stepTimeout: "2m",
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, demandUrn, reason, groupIds } = event.data;
    const ctx = await systemCtx(tenant);
    const input: RunAllocationInput = { caseUrn, demandUrn, trigger: "RERUN", reason, idempotencyKey: `requested:${event.id}`, groupIds };
    const prepared = (await step.run("search", () => prepareAllocation(ctx, input))) as Prepared;
    if (prepared.kind === "skipped") return prepared;
    return step.run("allocate", () => completeAllocation(ctx, input, prepared));
  },
  onFailure: async ({ event, error }) => {
    await allocationJobFailed(await systemCtx(event.data.tenant), { caseUrn: event.data.caseUrn, error: error.message });
  },
});
