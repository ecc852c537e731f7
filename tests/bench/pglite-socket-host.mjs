// @ts-check
/**
 * The second idea measured by pglite-offthread.bench.ts: PGlite in a child process serving the
 * PostgreSQL wire protocol on a Unix socket, reached through node-postgres with one connection.
 * `node pglite-socket-host.mjs <socketDir> [dataDir]` listens on <socketDir>/.s.PGSQL.5432 and
 * prints "ready". It is the core of @electric-sql/pglite-socket (whose 0.2.17 pins pglite 0.5.14 as
 * a peer, so `npm install` refuses it next to our 0.5.16): frame the client's messages, run each
 * through PGlite's execProtocolRawStream holding its queue, write the answer back. One connection.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const [socketDir, dataDir] = process.argv.slice(2);
const db = dataDir ? new PGlite(dataDir) : new PGlite();
await db.waitReady;
const file = path.join(socketDir, ".s.PGSQL.5432");
fs.rmSync(file, { force: true });

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let chain = Promise.resolve();
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    const messages = [];
    for (;;) {
      if (buffer.length >= 8 && buffer.readInt32BE(0) === 8 && buffer.readInt32BE(4) === SSL_REQUEST) {
        buffer = buffer.subarray(8);
        socket.write("N");
        continue;
      }
      let len = 0;
      // the startup message has no type byte: length, then protocol version 3.0
      if (buffer.length >= 8 && buffer.readInt32BE(4) === PROTOCOL_3) len = buffer.readInt32BE(0);
      else if (buffer.length >= 5) len = 1 + buffer.readInt32BE(1);
      if (!len || buffer.length < len) break;
      messages.push(new Uint8Array(buffer.subarray(0, len)));
      buffer = buffer.subarray(len);
    }
    chain = chain.then(async () => {
      for (const message of messages) {
        await db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: (data) => data.length && socket.write(Buffer.from(data)) }));
      }
    });
  });
  socket.on("close", () => {
    // a connection that leaves mid-transaction must not leave it open for the next one
    chain = chain.then(async () => {
      if (db.isInTransaction()) await db.exec("ROLLBACK");
    });
  });
  socket.on("error", () => {});
});
server.maxConnections = 1;
server.listen(file, () => console.log("ready"));
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", async () => {
  server.close();
  await db.close();
  process.exit(0);
});
