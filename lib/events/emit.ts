import { jobEvents } from "@/db/schema";
import { afterCommit, type Ctx } from "@/lib/context";
import { newId } from "@/lib/ids";
import { noteEmitted } from "@/lib/jobs/outbox-scope";
import { eventCatalogue, type EventData, type EventName, type EventPayload } from "./catalogue";
import { reactionsTo } from "./reactions";

/**
 * Writes an event to the outbox in the caller's transaction. It is dispatched (to the embedded
 * runner or to Inngest) only once that transaction commits, so no job sees uncommitted work.
 * In inngest mode the id is noted so the transaction can send it right after its commit. The
 * in-process reactions registered for it (./reactions.ts) run right after that commit.
 */
export async function emit<N extends EventName>(ctx: Ctx, name: N, data: EventPayload<N>): Promise<string> {
  const parsed = eventCatalogue[name].parse(data) as EventData<N> & Record<string, unknown>;
  const id = newId();
  await ctx.db.insert(jobEvents).values({ id, name, data: parsed, tenant: ctx.principal.tenant });
  noteEmitted(id);
  for (const reaction of reactionsTo(name)) await afterCommit(ctx, (after) => reaction(after, parsed));
  return id;
}
