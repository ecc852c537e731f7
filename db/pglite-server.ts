/**
 * The embedded database's own process (db/pglite-child.ts starts it with the tsx loader): PGlite
 * serving the PostgreSQL wire protocol on a Unix socket, `<socketDir>/.s.PGSQL.5432`, to the web
 * process's node-postgres pool of one connection. It is the core of @electric-sql/pglite-socket
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

const [socketDir, dataDir] = process.argv.slice(2);
const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
type Request = { id: number; op: "dump" | "close" };
type Reply = { id: number; ok: boolean; value?: Uint8Array | null; error?: string };
const send = (m: Reply | { ready: true }) => process.send?.(m);

const db = new PGlite(dataDir || undefined);
await db.waitReady;

/**
 * Messages of the one connection, in order. A dump waits for a moment between messages when no
 * transaction of the client is open: PGlite's own transaction lock knows nothing of a BEGIN that
 * arrived over the wire, so this queue is what keeps a half transaction out of the tarball.
 */
const queue: Array<() => Promise<void>> = [];
const dumps: Array<() => Promise<void>> = [];
let draining = false;
// true after a Sync or a simple Query: between Parse and Sync a statement may run uncommitted
let atSync = true;
const SYNC = 0x53;
const QUERY = 0x51;
async function drain() {
  if (draining) return;
  draining = true;
  try {
    while (queue.length || dumps.length) {
      if (dumps.length && atSync && !db.isInTransaction()) await dumps.shift()!();
      else if (queue.length) await queue.shift()!();
      // a dump waits for the client's transaction, whose next message has not come yet
      else break;
    }
  } finally {
    draining = false;
  }
}

let client: net.Socket | null = null;
const server = net.createServer((socket) => {
  // one connection at a time: the pool has one, and PGlite runs one statement at a time anyway
  if (client) return socket.destroy();
  client = socket;
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
      queue.push(async () => {
        await db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: (data) => void (data.length && !socket.destroyed && socket.write(data)) }));
        atSync = boundary;
      });
    }
    void drain();
  });
  socket.on("close", () => {
    client = null;
    // a connection gone mid-transaction must not leave it open for the next one
    queue.push(async () => {
      if (db.isInTransaction()) await db.exec("ROLLBACK");
    });
    void drain();
  });
  socket.on("error", () => {});
});

async function shutdown(code: number) {
  server.close();
  client?.destroy();
  await db.close().catch(() => {});
  process.exit(code);
}

process.on("message", (m: Request) => {
  if (m.op === "close") return void shutdown(0);
  if (m.op !== "dump") return send({ id: m.id, ok: false, error: `unknown operation ${m.op}` });
  dumps.push(() =>
    dumpPglite(db).then(
      (value) => void send({ id: m.id, ok: true, value }),
      (err: Error) => void send({ id: m.id, ok: false, error: err.message }),
    ),
  );
  void drain();
});
// the web process is gone (even SIGKILLed): nothing may keep the directory open behind its back
process.on("disconnect", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
// Ctrl-C reaches the whole process group: the web process closes this one when it is done with it
process.on("SIGINT", () => {});

const file = path.join(socketDir, ".s.PGSQL.5432");
fs.rmSync(file, { force: true });
server.listen(file, () => send({ ready: true }));
