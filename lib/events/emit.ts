import { jobEvents } from "@/db/schema";
import { afterCommit, type Ctx, writeAtCommit } from "@/lib/context";
import { newId } from "@/lib/ids";
import { noteEmitted } from "@/lib/outbox/scope";
import { eventCatalogue, type EventData, type EventName, type EventPayload } from "./catalogue";
import { reactionsTo } from "./reactions";

/**
 * Writes an event to the outbox in the caller's transaction. It is dispatched (to the embedded
 * runner or to Inngest) only once that transaction commits, so no job sees uncommitted work.
 * In inngest mode the id is noted so the transaction can send it right after its commit. The
 * in-process reactions registered for it (./reactions.ts) run right after that commit, or, when the
 * publisher's change is not whole without them (`react: "in-transaction"`: a case created with its
 * review items, a wave with the items its held groups raise), in the caller's transaction now, so
 * they commit or roll back with it. A reaction registered with `inPublisherTransaction` always runs there.
 */
export async function emit<N extends EventName>(ctx: Ctx, name: N, data: EventPayload<N>, opts: { react?: "after-commit" | "in-transaction" } = {}): Promise<string> {
  const parsed = eventCatalogue[name].parse(data) as EventData<N> & Record<string, unknown>;
  const id = newId();
  // inside a transaction the outbox rows are written at its end, in one insert with the others
  const row = { id, name, data: parsed, tenant: ctx.principal.tenant };
  if (!writeAtCommit(ctx, "events", row, insertEvents)) await insertEvents(ctx, [row]);
  noteEmitted(id);
  const fact = { id, at: new Date() };
  for (const { reaction, timing } of reactionsTo(name)) {
    if (opts.react === "in-transaction" || timing === "in-transaction") await reaction(ctx, parsed, fact);
    else await afterCommit(ctx, (after) => reaction(after, parsed, fact));
  }
  return id;
}

async function insertEvents(ctx: Ctx, rows: (typeof jobEvents.$inferInsert)[]): Promise<void> {
  await ctx.db.insert(jobEvents).values(rows);
}
