import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";

/**
 * How a job file builds the context its steps act in: `const systemCtx = systemCtxFor("rides")`
 * names the actor once (`system:rides` in the audit trail), then `await systemCtx(tenant)` gives
 * that tenant's system principal on the app's database. Kept out of lib/context.ts, which every
 * verb imports, so that a verb does not load the database driver with it.
 */
export function systemCtxFor(what: string): (tenant: string) => Promise<Ctx> {
  return (tenant) => systemCtxOf(tenant, what);
}

/** The system context of one job step: `await systemCtxOf(tenant, "sla")`, for a file that acts as several actors or once. */
export async function systemCtxOf(tenant: string, what: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, what) };
}

