import type { Ctx } from "@/lib/context";
import { contextKeyOf } from "./context-key";
import { listPolicies } from "./list";
import type { Policy } from "./schemas";

/**
 * The ACTIVE policy of the same context as `policy` (airport, airline, country, tier set), if any:
 * what a draft is compared with before it is activated. Read through listPolicies, so the caller's
 * permission and airport scope apply.
 */
export async function activeOfContext({ ctx, input: policy }: { ctx: Ctx; input: Pick<Policy, "context" | "tiers" | "urn"> }): Promise<Policy | null> {
  const key = contextKeyOf({ ...policy.context, tiers: policy.tiers });
  let cursor: string | undefined;
  do {
    const page = await listPolicies({
      ctx,
      input: { status: "ACTIVE", airport: policy.context.airport ?? undefined, airline: policy.context.airline ?? undefined, tier: policy.tiers[0], limit: 100, cursor },
    });
    const found = page.items.find((p) => p.urn !== policy.urn && contextKeyOf({ ...p.context, tiers: p.tiers }) === key);
    if (found) return found;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return null;
}
