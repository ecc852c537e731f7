import { database } from "@/db/client";
import { agentRecommendNewItem } from "@/lib/agent/recommend";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { BACKGROUND } from "./lanes";

/**
 * On a new review item, the exception agent proposes recommendations when the tenant turned it on
 * (the deterministic ones are already on the item). Advisory: reading and proposing only, so a
 * replay just asks again. `db` is injectable for tests.
 */
export function agentRecommendJob(db: () => Promise<Ctx["db"]> = async () => (await database()).db) {
  return defineJob({
    ...BACKGROUND,
    id: "agent-recommend",
    event: "review/created",
    retries: 1,
    handler: async ({ event, step }) =>
      step.run("recommend", async () => {
        const ctx: Ctx = { db: await db(), principal: systemPrincipal(event.data.tenant, "exception-agent") };
        return agentRecommendNewItem(ctx, event.data.reviewUrn);
      }),
  });
}

export const agentRecommend = agentRecommendJob();
