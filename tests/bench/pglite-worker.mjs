// @ts-check
/**
 * The embedded database's own thread (tests/bench/pglite-thread.ts starts it; the idea measured, not taken): PGlite lives here, so a query,
 * a transaction or a checkpoint runs on this thread and the main thread only posts messages and
 * receives rows. Plain JavaScript: a worker thread is loaded by Node itself, outside any loader.
 *
 * Messages in: { id, op: "query", sql, params, rowMode, rawDates, tx? } | { id, op: "exec", sql, tx? }
 * | { id, op: "begin" } | { id, op: "end", tx, commit } | { id, op: "dump" } | { id, op: "close" }.
 * Out: { id, ok: true, value } or { id, ok: false, error: { message, ...fields } }.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

if (!parentPort) throw new Error("pglite-worker.mjs runs as a worker thread");
const port = parentPort;

// drizzle's PGlite driver reads these types as the strings PostgreSQL sends; it passes the parsers
// as functions, which cannot cross a message channel, so this side holds the same table
const keepText = (/** @type {string} */ v) => v;
const RAW_DATES = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, keepText]));

/** @type {{ dataDir?: string }} */
const { dataDir } = workerData ?? {};
const client = dataDir ? new PGlite(dataDir) : new PGlite();

/** open transactions by id: the PGlite transaction handle and how to end it */
const txs = new Map();
let nextTx = 1;

/** @param {any} err */
function plainError(err) {
  const out = { message: String(err?.message ?? err), name: String(err?.name ?? "Error") };
  // DatabaseError's fields (code, constraint, detail, table, column, …) are what callers test
  for (const [k, v] of Object.entries(err ?? {})) if (v === undefined || ["string", "number", "boolean"].includes(typeof v)) Object.assign(out, { [k]: v });
  return out;
}

/** @param {any} m */
async function run(m) {
  switch (m.op) {
    case "query": {
      const on = m.tx ? txs.get(m.tx)?.tx : client;
      if (!on) throw Object.assign(new Error("the transaction has ended"), { code: "25P01" });
      const r = await on.query(m.sql, m.params, { rowMode: m.rowMode, parsers: m.rawDates ? RAW_DATES : undefined });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case "exec": {
      const on = m.tx ? txs.get(m.tx)?.tx : client;
      if (!on) throw Object.assign(new Error("the transaction has ended"), { code: "25P01" });
      return (await on.exec(m.sql)).map((/** @type {any} */ r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case "begin": {
      // answered once PGlite's transaction has begun, i.e. this transaction holds its queue
      const id = nextTx++;
      const t = { tx: null, end: () => {}, abort: (/** @type {any} */ _e) => {}, done: Promise.resolve() };
      return await new Promise((resolve, reject) => {
        t.done = client.transaction(
          (tx) =>
            new Promise((end, abort) => {
              Object.assign(t, { tx, end, abort });
              txs.set(id, t);
              resolve(id);
            }),
        );
        t.done.catch(reject);
      });
    }
    case "end": {
      const t = txs.get(m.tx);
      if (!t) throw Object.assign(new Error("the transaction has ended"), { code: "25P01" });
      txs.delete(m.tx);
      // rejecting the callback makes PGlite roll back; resolving it commits
      if (m.commit) t.end();
      else t.abort(Object.assign(new Error("rolled back"), { rolledBack: true }));
      return await t.done.then(
        () => null,
        (/** @type {any} */ err) => {
          if (!err?.rolledBack) throw err;
          return null;
        },
      );
    }
    case "dump": {
      // see db/backup.ts: the checkpoint, then the tar taken while holding the transaction queue
      await client.exec("CHECKPOINT");
      const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case "close":
      await client.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

port.on("message", (m) => {
  run(m).then(
    (value) => port.postMessage({ id: m.id, ok: true, value }, value instanceof Uint8Array ? [value.buffer] : []),
    (err) => port.postMessage({ id: m.id, ok: false, error: plainError(err) }),
  );
});

client.waitReady.then(
  () => port.postMessage({ ready: true }),
  (err) => port.postMessage({ ready: false, error: plainError(err) }),
);
