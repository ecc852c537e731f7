import { jobEvents } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { newId } from "@/lib/ids";
import { noteEmitted } from "@/lib/jobs/outbox-scope";
import { eventCatalogue, type EventName, type EventPayload } from "./catalogue";

/**
 * Writes an event to the outbox in the caller's transaction. It is dispatched (to the embedded
 * runner or to Inngest) only once that transaction commits, so no job sees uncommitted work.
 * In inngest mode the id is noted so the transaction can send it right after its commit.
 */
export async function emit<N extends EventName>(ctx: Ctx, name: N, data: EventPayload<N>): Promise<string> {
  const parsed = eventCatalogue[name].parse(data) as Record<string, unknown>;
  const id = newId();
  await ctx.db.insert(jobEvents).values({ id, name, data: parsed, tenant: ctx.principal.tenant });
  noteEmitted(id);
  return id;
}
