import type { Db, DbOrTx } from "@/db/client";
import type { Principal } from "@/lib/auth/principal";
import { sendingAfterCommit } from "@/lib/outbox/send-after-commit";
import { wakeDispatcher } from "@/lib/outbox/wake";

/** Work that waits for the transaction to commit, then runs with the caller's (non-transactional) context. */
export type AfterCommit = (ctx: Ctx) => Promise<void>;

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
  /** set inside `transaction()`: what runs once it commits (see `afterCommit`) */
  afterCommit?: AfterCommit[];
  /** set inside `transaction()`: rows written together just before it commits (see `writeAtCommit`) */
  atCommit?: Map<string, AtCommit>;
  /** the handle `transaction()` opened: a savepoint inside it (another handle) writes its rows itself, so they roll back with it */
  atCommitDb?: DbOrTx;
  /** set inside `transaction()`: reads answered once for the whole transaction (see `onceInTransaction`) */
  once?: Map<string, Promise<unknown>>;
};

/** Rows of one kind held until the transaction's end, and the one statement that writes them. */
type AtCommit = { rows: unknown[]; write: (tx: Ctx, rows: unknown[]) => Promise<void> };

export function tenantOf(ctx: Ctx): string {
  return ctx.principal.tenant;
}

/**
 * Runs fn in one transaction: the change, its audit entry and its events (an outbox) commit
 * together or not at all. After commit the job dispatcher is woken to pick up the events; in
 * inngest mode they are sent to Inngest before this returns (lib/outbox/send-after-commit.ts). Then
 * the work queued with `afterCommit` runs, in order, before this returns: a caller (an API answer, a
 * job step) sees what the reactions wrote. A rolled-back transaction runs none of it.
 */
export async function transaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  const queued: AfterCommit[] = [];
  const result = await sendingAfterCommit(ctx.db, () =>
    (ctx.db as Db).transaction(async (tx) => {
      const inner: Ctx = { ...ctx, db: tx, inTransaction: true, afterCommit: queued, atCommit: new Map(), atCommitDb: tx, once: new Map() };
      const out = await fn(inner);
      for (const batch of inner.atCommit!.values()) if (batch.rows.length) await batch.write(inner, batch.rows.splice(0));
      return out;
    }),
  );
  wakeDispatcher();
  const outer: Ctx = { ...ctx, inTransaction: false, afterCommit: undefined };
  for (const work of queued) await work(outer);
  return result;
}

/**
 * Queues work for after the caller's transaction commits. Outside a transaction it runs now. Inside
 * one built by hand (a handle that did not come from `transaction()`) it also runs now, inside that
 * transaction: the work is idempotent, so that is only earlier, never wrong.
 */
export async function afterCommit(ctx: Ctx, work: AfterCommit): Promise<void> {
  if (ctx.inTransaction && ctx.afterCommit) ctx.afterCommit.push(work);
  else await work(ctx);
}

/**
 * Holds a row for the caller's transaction to write at its end, with the other rows of its kind
 * in one statement (`write`), still inside the transaction: a meltdown's job step records several
 * audit entries, and each statement is a round trip its worker pays for in CPU (issue 28). Answers
 * false outside a transaction made by `transaction()`, or in a savepoint inside one (its rows must roll
 * back with it): the caller writes the row now.
 */
export function writeAtCommit<R>(ctx: Ctx, kind: string, row: R, write: (tx: Ctx, rows: R[]) => Promise<void>): boolean {
  if (!ctx.inTransaction || !ctx.atCommit || ctx.db !== ctx.atCommitDb) return false;
  let batch = ctx.atCommit.get(kind);
  if (!batch) ctx.atCommit.set(kind, (batch = { rows: [], write: write as AtCommit["write"] }));
  batch.rows.push(row);
  return true;
}

/**
 * A read that cannot change within the caller's transaction, answered once for all of it (the
 * tenant's webhook subscriptions, read by every fact a wave's chunk of confirmations publishes).
 * Outside a transaction made by `transaction()` it reads every time.
 */
export function onceInTransaction<T>(ctx: Ctx, key: string, read: () => Promise<T>): Promise<T> {
  if (!ctx.inTransaction || !ctx.once) return read();
  let p = ctx.once.get(key) as Promise<T> | undefined;
  if (!p) ctx.once.set(key, (p = read()));
  return p;
}
