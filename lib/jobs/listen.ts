import type { Db } from "@/db/client";
import { isLanePool } from "@/db/lanes";
import { logJson } from "./log";
import { WAKE_CHANNEL } from "@/lib/outbox/wake";

type Notice = (payload: string) => void;
type PgliteLike = { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> };

const RECONNECT_MS = 1_000;

/**
 * Wake-ups from the job tables' NOTIFY triggers (migration job_wake_notify), so a runner needs no
 * fast poll: another process's outbox insert, or a run it made due, wakes this one. PGlite: its
 * own listen(); node-postgres: a dedicated connection beside the pool (a pooled one would be
 * handed to queries), reconnected after the server went away. Other drivers (Neon's pool, the
 * embedded database in its own process: db/lanes.ts) get no listener: the runner's backstop poll
 * and in-process kicks cover them. Returns how to stop listening.
 */
export async function listenForWakes(db: Db, onNotice: Notice): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof (client as PgliteLike).listen === "function") {
    return (client as PgliteLike).listen(WAKE_CHANNEL, (payload) => onNotice(payload ?? ""));
  }
  const pg = (await import("pg")).default;
  if (!(client instanceof pg.Pool) || isLanePool(client)) return async () => {};
  const options = (client as unknown as { options: import("pg").ClientConfig }).options;
  let stopped = false;
  let current: import("pg").Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(options);
    current = c;
    let lost = false;
    const reconnect = (err?: Error) => {
      if (lost || stopped) return;
      lost = true;
      logJson("warn", "job wake-up listener lost its connection; reconnecting", { err: err?.message });
      c.end().catch(() => {});
      // a notification missed meanwhile is covered: the runner looks for work on reconnect
      retry = setTimeout(() => void connect().then(() => onNotice("events")), RECONNECT_MS);
      retry.unref?.();
    };
    c.on("error", reconnect);
    c.on("end", () => reconnect());
    c.on("notification", (n) => n.channel === WAKE_CHANNEL && onNotice(n.payload ?? ""));
    try {
      await c.connect();
      await c.query(`listen ${WAKE_CHANNEL}`);
    } catch (err) {
      reconnect(err as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
