import { EventEmitter } from "node:events";

type Holder = { emitter?: EventEmitter };
const holder = ((globalThis as Record<string, unknown>).__dasJobWake ??= {}) as Holder;
const emitter = (holder.emitter ??= new EventEmitter());
emitter.setMaxListeners(50);

/** The NOTIFY channel of the job_events and job_runs triggers (migration job_wake_notify); payload 'events' or 'runs'. */
export const WAKE_CHANNEL = "das_jobs";

/** Tells an in-process runner that new events or runs may be waiting, so it need not wait for its poll. */
export function wakeDispatcher(): void {
  emitter.emit("wake");
}

export function onWake(listener: () => void): () => void {
  emitter.on("wake", listener);
  return () => emitter.off("wake", listener);
}
