import { eq } from "drizzle-orm";
import { jobEffects } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { toJson, type Jsonify } from "./json";

/**
 * THE PATTERN FOR A STEP WITH A SIDE EFFECT. A step is at-least-once: the worker can die after
 * the effect commits and before the step's memo row is written, and the replay runs the step
 * again. So the effect carries its own proof of having happened, in the same transaction:
 *
 *   await step.run("acknowledge", () => once(ctx, `case-ack:${event.id}`, (tx) => writeAudit(tx, …)));
 *
 * `once` inserts the idempotency key and performs the effect in one transaction. A second call
 * with the key (the replay) finds the key, does nothing and returns the first call's result. If
 * the effect is itself a guarded update (`update … where status = 'PENDING'`), that guard is the
 * proof and no key is needed. An effect outside the database (a provider booking, an e-mail)
 * takes the key to the peer instead (an Idempotency-Key header), or goes through an outbox row.
 * The key must be stable across replays: build it from the event id (or run id) and the step, never from a clock or random.
 */
export async function once<T>(ctx: Ctx, key: string, effect: (tx: Ctx) => Promise<T>, about: { functionId?: string; runId?: string } = {}): Promise<{ result: Jsonify<T>; fresh: boolean }> {
  return transaction(ctx, async (tx) => {
    const claimed = await tx.db
      .insert(jobEffects)
      .values({ key, functionId: about.functionId ?? null, runId: about.runId ?? null })
      .onConflictDoNothing()
      .returning({ key: jobEffects.key });
    if (claimed.length === 0) {
      // done before (or by a concurrent twin, whose commit the insert waited for)
      const [row] = await tx.db.select({ result: jobEffects.result }).from(jobEffects).where(eq(jobEffects.key, key));
      return { result: (row?.result ?? null) as Jsonify<T>, fresh: false };
    }
    const result = toJson(await effect(tx)) as Jsonify<T>;
    await tx.db.update(jobEffects).set({ result }).where(eq(jobEffects.key, key));
    return { result, fresh: true };
  });
}
