import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "@/db/client";
import { errorFields, log } from "@/lib/log";
import { sendCommittedEvents, type EventSender } from "./dispatch-inngest";
import { jobMode } from "@/lib/config/job-mode";
import { collectingEmitted, inOutboxScope } from "./scope";

/** How long a request waits for Inngest's event API (its SDK retries within this) before leaving its events to the safety net. */
const SEND_TIMEOUT_MS = 3_000;

type Holder = { sender?: EventSender };
const holder = ((globalThis as Record<string, unknown>).__dasAfterCommitSender ??= {}) as Holder;

/** Tests: send through this client instead of the app's Inngest client. */
export function setAfterCommitSender(sender: EventSender | undefined): void {
  holder.sender = sender;
}

async function sender(): Promise<EventSender> {
  // imported on first use: in the embedded mode no process loads the Inngest SDK for this
  return holder.sender ?? (await import("./inngest-client")).inngest;
}

/**
 * Inngest mode: runs `commit` (one transaction on `db`) and then, still within the caller (the
 * request, the server action, the Inngest step), sends the events it wrote to Inngest and marks
 * them dispatched. On serverless nothing may run after the response (the instance is frozen), so
 * an event must leave before it. A failure is logged, never thrown (the change has committed): the
 * rows stay in the outbox for the safety net (inngest/outbox-safety-net.ts, every minute).
 *
 * Only the outermost transaction sends: a nested scope's events go with its outer one, and a
 * transaction opened on a transaction handle (a savepoint in a transaction begun by hand) has not
 * committed when it returns, so its events are left to the safety net.
 * In the embedded mode this is `commit()` itself: the runner dispatches from the outbox.
 */
export async function sendingAfterCommit<T>(db: DbOrTx, commit: () => Promise<T>): Promise<T> {
  if (jobMode() !== "inngest" || inOutboxScope() || db instanceof PgTransaction) return commit();
  const { result, ids } = await collectingEmitted(commit);
  if (ids.length) await sendOrLeave(db as Db, ids);
  return result;
}

async function sendOrLeave(db: Db, ids: string[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Inngest's event API did not answer in ${SEND_TIMEOUT_MS} ms`)), SEND_TIMEOUT_MS);
    });
    await Promise.race([sendCommittedEvents(db, await sender(), ids), timeout]);
  } catch (err) {
    log("warn", "events not sent after commit; the outbox safety net sends them", { events: ids.length, ...errorFields(err) });
  } finally {
    clearTimeout(timer);
  }
}
