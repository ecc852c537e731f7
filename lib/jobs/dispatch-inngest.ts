import { asc, inArray, isNull, and } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { logJson } from "./log";
import { pollLoop, type Loop } from "./loop";
import { onWake } from "./wake";

/** What the dispatcher needs of an Inngest client; a fake in tests. */
export type EventSender = {
  send(events: { id: string; name: string; data: Record<string, unknown>; ts: number }[]): Promise<unknown>;
};

const BATCH = 100;

/**
 * Sends undispatched outbox events to Inngest, then marks them dispatched. The send happens
 * outside a transaction (it may take seconds, and PGlite has one connection), so a crash between
 * send and mark sends again: the outbox id goes as the event id, which Inngest deduplicates.
 */
export async function dispatchToInngest(db: Db, sender: EventSender, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const events = await db
      .select()
      .from(jobEvents)
      .where(isNull(jobEvents.dispatchedAt))
      .orderBy(asc(jobEvents.createdAt), asc(jobEvents.id))
      .limit(BATCH);
    if (events.length === 0) return total;
    await sender.send(events.map((e) => ({ id: e.id, name: e.name, data: e.data, ts: e.createdAt.getTime() })));
    const ids = events.map((e) => e.id);
    await db.update(jobEvents).set({ dispatchedAt: now, status: "SENT" }).where(and(inArray(jobEvents.id, ids), isNull(jobEvents.dispatchedAt)));
    total += events.length;
    if (events.length < BATCH) return total;
  }
}

/** The outbox → Inngest loop that runs in inngest mode instead of the embedded runner. */
export function createInngestDispatcher(opts: { db: Db; sender: EventSender; pollMs?: number }): Loop {
  let failures = 0;
  let unsubscribe: (() => void) | undefined;
  const loop = pollLoop("inngest dispatcher", opts.pollMs ?? 500, async () => {
    try {
      await dispatchToInngest(opts.db, opts.sender);
      failures = 0;
      return false;
    } catch (err) {
      // Inngest unreachable: the events stay in the outbox; back off so the log is not flooded
      failures++;
      logJson("error", "sending events to Inngest failed", { err, failures });
      return Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
    }
  });
  return {
    get running() {
      return loop.running;
    },
    start() {
      unsubscribe ??= onWake(() => loop.kick());
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      await loop.stop();
    },
    kick: () => loop.kick(),
  };
}
