import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";

/** first key of the two-key advisory lock that serialises a case's transport changes (the second: a hash of the case URN) */
const TRANSPORT_LOCK_CLASS = 72616004;

/**
 * One change of a case's rides at a time (a plan, a fleet assignment, a stay leaving its shuttles, an
 * operator's change), until the caller's transaction ends. An advisory lock, not the case's row: the
 * row is what a booking's confirmation bumps (the revision the console polls), and with the plan
 * holding it a meltdown's bookings queued behind every plan of their case (~0.3 s each, a pooled
 * connection held all the while). Taken before the case's row by everything that takes both, so two
 * changes never wait on each other crosswise.
 */
export async function lockCaseTransport(ctx: Ctx, caseUrn: string): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${TRANSPORT_LOCK_CLASS}, hashtext(${caseUrn}))`);
}
