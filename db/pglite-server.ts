/**
 * The embedded database's own process (db/pglite-child.ts starts it with the tsx loader): PGlite
 * serving the PostgreSQL wire protocol on a Unix socket, `<socketDir>/.s.PGSQL.5432`, to the web
 * process's node-postgres pool of one connection (a replacement may overlap the one it replaces:
 * see the queue below). It is the core of @electric-sql/pglite-socket
 * (whose 0.2.17 pins pglite 0.5.14 as a peer, so npm refuses it beside our 0.5.16): frame the
 * client's messages, run each through PGlite holding its queue, write the answer back.
 * The socket lives in a directory only this user may enter (mkdtemp, 0700): no password, no port.
 *
 * The parent's IPC channel carries what the wire cannot: { op: "dump" } answers a consistent
 * tarball; { op: "close" } closes PGlite and exits. The parent gone (killed), this exits too.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { dumpPglite } from "./backup";
import { ANALYZE_EVERY_MS, analyzeGrownTables } from "./pglite-analyze";
import { NAME_PREFIX } from "./named-statements";
import { statementProfile } from "./pglite-statement-profile";
import { type Lane, laneOfStartup, webFirst } from "./pglite-web-first";

// the profile's file comes from the parent, which reads the configuration (lib/config)
const [socketDir, dataDir, statementsFile] = process.argv.slice(2);
const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
type Request = { id: number; op: "dump" | "close" };
type Reply = { id: number; ok: boolean; value?: Uint8Array | null; error?: string };
const send = (m: Reply | { ready: true }) => process.send?.(m);

const db = new PGlite(dataDir || undefined);
await db.waitReady;

/**
 * Messages of every connection, in arrival order, one at a time: PGlite is one session. The pool
 * has one connection, but node-postgres replaces a connection whose query failed, so the next one
 * may arrive before the old one's close is seen here. While a connection has a transaction open,
 * only its messages run (another's statement would land inside that transaction); the others wait.
 * A dump or an ANALYZE waits likewise for a moment with no transaction open and no statement between
 * Parse and Sync: PGlite's own transaction lock knows nothing of a BEGIN that came over the wire.
 */
type Item = { from: net.Socket | null; lane: Lane; queuedAt: number; run: () => Promise<void> };
const queue: Item[] = [];
// between transactions the web lane goes first (db/pglite-web-first.ts)
const lanes = webFirst();
const laneOf = new WeakMap<net.Socket, Lane>();
let graceTimer: NodeJS.Timeout | null = null;
// work of our own that runs between transactions: a dump, an ANALYZE
const between: Array<() => Promise<void>> = [];
let draining = false;
// the connection whose statement ran last: the owner of an open transaction
let owner: net.Socket | null = null;
// true after a Sync or a simple Query: between Parse and Sync a statement may run uncommitted
let atSync = true;
const SYNC = 0x53;
const QUERY = 0x51;
const PARSE = 0x50;
// the statements each connection named (db/named-statements.ts): they outlive it in the one session
const namedBy = new WeakMap<net.Socket, Set<string>>();
// bench:e2e's profile: PGlite's own time per statement, beside the app processes' figures
const statements = statementsFile ? statementProfile(statementsFile) : null;

function next(): Item | undefined {
  if (!db.isInTransaction() && atSync) {
    const pick = lanes.pick(queue, performance.now());
    if (pick && "waitMs" in pick) {
      // the web lane's next statement is likely on its way: come back for it, or for the job after the grace
      graceTimer ??= setTimeout(() => {
        graceTimer = null;
        void drain();
      }, Math.max(1, Math.ceil(pick.waitMs)));
      return undefined;
    }
    return pick ? queue.splice(pick.index, 1)[0] : undefined;
  }
  const i = queue.findIndex((q) => q.from === owner);
  return i < 0 ? undefined : queue.splice(i, 1)[0];
}

async function drain() {
  if (draining) return;
  draining = true;
  try {
    for (;;) {
      if (between.length && atSync && !db.isInTransaction()) {
        await between.shift()!();
        continue;
      }
      const item = next();
      // nothing, or the transaction's owner has not sent its next message yet
      if (!item) break;
      owner = item.from;
      await item.run();
      if (atSync) lanes.ran(item.lane, performance.now());
    }
  } finally {
    draining = false;
  }
}

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (buffer.length >= 8 && buffer.readInt32BE(0) === 8 && buffer.readInt32BE(4) === SSL_REQUEST) {
        buffer = buffer.subarray(8);
        socket.write("N");
        continue;
      }
      let len = 0;
      // the startup message has no type byte: its length, then protocol version 3.0
      const startup = buffer.length >= 8 && buffer.readInt32BE(4) === PROTOCOL_3;
      if (startup) len = buffer.readInt32BE(0);
      else if (buffer.length >= 5) len = 1 + buffer.readInt32BE(1);
      if (!len || buffer.length < len) break;
      const message = new Uint8Array(buffer.subarray(0, len));
      buffer = buffer.subarray(len);
      const boundary = startup || message[0] === SYNC || message[0] === QUERY;
      if (startup) laneOf.set(socket, laneOfStartup(message));
      if (message[0] === PARSE && message[5] !== 0) {
        const name = Buffer.from(message.subarray(5, message.indexOf(0, 5))).toString("utf8");
        if (name.startsWith(NAME_PREFIX)) {
          if (!namedBy.has(socket)) namedBy.set(socket, new Set());
          namedBy.get(socket)!.add(name);
        }
      }
      queue.push({
        from: socket,
        lane: laneOf.get(socket) ?? "web",
        queuedAt: performance.now(),
        run: async () => {
          try {
            // copied: the bytes are a view of PGlite's memory, which the next message overwrites
            // while a busy socket may still hold them
            const started = statements ? performance.now() : 0;
            await db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: (data) => void (data.length && !socket.destroyed && socket.write(Buffer.from(data))) }));
            statements?.record(socket, message, performance.now() - started);
          } catch (err) {
            // PGlite failed outside the protocol: this connection's state is unknown, so it ends;
            // the client sees "Connection terminated" (database unavailable) and reconnects
            console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), msg: "the embedded database failed a message; closing the connection", err: (err as Error).message }));
            socket.destroy();
          }
          atSync = boundary;
        },
      });
    }
    void drain();
  });
  socket.on("close", () => {
    // its messages not run yet are dropped; a transaction it left open is rolled back
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].from === socket) queue.splice(i, 1);
    if (owner === socket && (db.isInTransaction() || !atSync)) {
      queue.unshift({
        from: socket,
        lane: laneOf.get(socket) ?? "web",
        queuedAt: performance.now(),
        run: async () => {
          // a Sync ends a statement left between Parse and Sync; then the transaction is undone
          if (!atSync) await db.runExclusive(() => db.execProtocolRaw(new Uint8Array([SYNC, 0, 0, 0, 4]))).catch(() => {});
          if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => {});
          atSync = true;
        },
      });
    }
    // its named statements go once no transaction is open (a rollback above comes first)
    const names = namedBy.get(socket);
    if (names?.size)
      between.push(async () => {
        // one at a time: a Parse that failed left a name with no statement, whose deallocate fails alone
        for (const n of names) await db.exec(`deallocate ${n}`).catch(() => {});
      });
    void drain();
  });
  socket.on("error", () => {});
});

async function shutdown(code: number) {
  server.close();
  await db.close().catch(() => {});
  process.exit(code);
}

process.on("message", (m: Request) => {
  if (m.op === "close") return void shutdown(0);
  if (m.op !== "dump") return send({ id: m.id, ok: false, error: `unknown operation ${m.op}` });
  between.push(() =>
    dumpPglite(db).then(
      (value) => void send({ id: m.id, ok: true, value }),
      (err: Error) => void send({ id: m.id, ok: false, error: err.message }),
    ),
  );
  void drain();
});
// statistics kept fresh as autovacuum would (db/pglite-analyze.ts); one round at a time
let analyzing = false;
setInterval(() => {
  if (analyzing) return;
  analyzing = true;
  between.push(() =>
    analyzeGrownTables(db)
      .catch((err: Error) => console.error(JSON.stringify({ level: "warn", time: new Date().toISOString(), msg: "the embedded database's ANALYZE failed", err: err.message })))
      .then(() => void (analyzing = false)),
  );
  void drain();
}, ANALYZE_EVERY_MS).unref();

// the web process is gone (even SIGKILLed): nothing may keep the directory open behind its back
process.on("disconnect", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
// Ctrl-C reaches the whole process group: the web process closes this one when it is done with it
process.on("SIGINT", () => {});

// Bound beside, then renamed over the last child's socket: a client connecting meanwhile finds the
// dead one (ECONNREFUSED: "unavailable", retried) or this one, never no file at all (ENOENT)
const file = path.join(socketDir, ".s.PGSQL.5432");
const fresh = `${file}.${process.pid}`;
fs.rmSync(fresh, { force: true });
server.listen(fresh, () => {
  fs.renameSync(fresh, file);
  send({ ready: true });
});
