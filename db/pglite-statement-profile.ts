import fs from "node:fs";
import type net from "node:net";

const PARSE = 0x50;
const QUERY = 0x51;
const BIND = 0x42;

/**
 * Profiling the embedded database from its own side (bench:e2e sets PROFILE_FILE): the time PGlite
 * spends on each statement text, written to `file` every second, busiest first. It found the board's
 * reach count taking 78 ms of PGlite's one thread per read (docs/benchmarks.md). A Parse, a Bind of a
 * named statement or a simple Query names the statement; the messages that follow on the same
 * connection count towards it. Parameters are folded ($1 → $, a VALUES list to one row) so one statement is one line.
 */
export function statementProfile(file: string) {
  const current = new WeakMap<net.Socket, string>();
  // a named statement's text, for the Binds that run it later (db/named-statements.ts)
  const named = new Map<string, string>();
  const bySql = new Map<string, { count: number; ms: number }>();
  let busyMs = 0;
  const write = () => {
    const top = [...bySql].map(([sql, f]) => ({ sql: sql.slice(0, 400), ...f, ms: Math.round(f.ms) })).sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ busyMs: Math.round(busyMs), statements: top }, null, 1));
    fs.renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 1000).unref();
  return {
    record(socket: net.Socket, message: Uint8Array, ms: number) {
      busyMs += ms;
      const type = message[0];
      const body = Buffer.from(message.subarray(5));
      const cstring = (start: number) => body.toString("utf8", start, body.indexOf(0, start));
      if (type === PARSE) {
        // the statement's name, then its text
        const name = cstring(0);
        const text = fold(cstring(body.indexOf(0) + 1));
        if (name) named.set(name, text);
        current.set(socket, text);
      } else if (type === BIND) {
        // the portal's name, then the statement's
        const name = cstring(body.indexOf(0) + 1);
        if (name) current.set(socket, named.get(name) ?? name);
      } else if (type === QUERY) current.set(socket, fold(cstring(0)));
      const sql = current.get(socket) ?? "(startup)";
      const f = bySql.get(sql) ?? { count: 0, ms: 0 };
      if (type === BIND || type === QUERY) f.count++;
      f.ms += ms;
      bySql.set(sql, f);
    },
  };
}

const fold = (sql: string) => sql.replace(/\$\d+/g, "$").replace(/\(\$(, \$)+\)/g, "($…)").replace(/(, \(\$…\))+/g, ", …");
