import type { Db, DbOrTx } from "@/db/client";
import type { Principal } from "@/lib/auth/principal";
import { sendingAfterCommit } from "@/lib/jobs/send-after-commit";
import { wakeDispatcher } from "@/lib/jobs/wake";

/**
 * What every service verb receives: who acts, for which tenant, on which database handle.
 * A route handler, a console server action and a job step build one and call the same verb.
 */
export type Ctx = {
  db: DbOrTx;
  principal: Principal;
  requestId?: string;
  /** set inside `transaction()`: nested calls reuse the open transaction */
  inTransaction?: boolean;
};

export function tenantOf(ctx: Ctx): string {
  return ctx.principal.tenant;
}

/**
 * Runs fn in one transaction: the change, its audit entry and its events (an outbox) commit
 * together or not at all. After commit the job dispatcher is woken to pick up the events; in
 * inngest mode they are sent to Inngest before this returns (lib/jobs/send-after-commit.ts).
 */
export async function transaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  const result = await sendingAfterCommit(ctx.db, () => (ctx.db as Db).transaction((tx) => fn({ ...ctx, db: tx, inTransaction: true })));
  wakeDispatcher();
  return result;
}
