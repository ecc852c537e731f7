import { and, asc, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobEvents, type JobEventRow } from "@/db/schema";

/** What sending to Inngest needs of an Inngest client (`inngest.send`); a recording sender in tests. */
export type EventSender = {
  send(events: { id: string; name: string; data: Record<string, unknown>; ts: number }[]): Promise<unknown>;
};

const BATCH = 100;

/**
 * Sends outbox rows to Inngest, then marks them dispatched. The send happens outside a
 * transaction (it may take seconds, and PGlite has one connection), so a crash between send and
 * mark sends again: the outbox id goes as the event id, which Inngest deduplicates (24 h).
 */
async function sendRows(db: Db, sender: EventSender, events: JobEventRow[], now: Date): Promise<void> {
  await sender.send(events.map((e) => ({ id: e.id, name: e.name, data: e.data, ts: e.createdAt.getTime() })));
  const ids = events.map((e) => e.id);
  await db.update(jobEvents).set({ dispatchedAt: now, status: "SENT" }).where(and(inArray(jobEvents.id, ids), isNull(jobEvents.dispatchedAt)));
}

/**
 * The events one transaction wrote (lib/outbox/send-after-commit.ts), sent right after its commit.
 * Read back by id rather than sent from memory: an event emitted in a savepoint that rolled back
 * has no row and must not reach Inngest; one the safety net sent meanwhile is not sent twice.
 */
export async function sendCommittedEvents(db: Db, sender: EventSender, ids: readonly string[], now = new Date()): Promise<number> {
  let sent = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const events = await db
      .select()
      .from(jobEvents)
      .where(and(inArray(jobEvents.id, ids.slice(i, i + BATCH)), isNull(jobEvents.dispatchedAt)))
      .orderBy(asc(jobEvents.createdAt), asc(jobEvents.id));
    if (events.length === 0) continue;
    await sendRows(db, sender, events, now);
    sent += events.length;
  }
  return sent;
}

export type DrainOptions = {
  /** only rows written before this (the safety net leaves the last seconds to the requests still sending them) */
  before?: Date;
  /** stop after about this many rows (one bounded step; the caller loops) */
  max?: number;
};

/**
 * Sends undispatched outbox events to Inngest, oldest first, then marks them dispatched; returns
 * how many. The safety net's drain (inngest/outbox-safety-net.ts): whatever no request sent.
 */
export async function dispatchToInngest(db: Db, sender: EventSender, now = new Date(), opts: DrainOptions = {}): Promise<number> {
  let total = 0;
  const max = opts.max ?? Infinity;
  while (total < max) {
    const events = await db
      .select()
      .from(jobEvents)
      .where(opts.before ? and(isNull(jobEvents.dispatchedAt), lt(jobEvents.createdAt, opts.before)) : isNull(jobEvents.dispatchedAt))
      .orderBy(asc(jobEvents.createdAt), asc(jobEvents.id))
      .limit(Math.min(BATCH, max - total));
    if (events.length === 0) return total;
    await sendRows(db, sender, events, now);
    total += events.length;
    if (events.length < BATCH) return total;
  }
  return total;
}
