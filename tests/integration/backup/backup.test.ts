import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as backupH } from "@/app/api/v1/admin/backup/route";
import { restorePglite } from "@/db/backup";
import { type Database, installDatabase, migrate, openDatabase } from "@/db/client";
import { auditEntries, cases, passengers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { seedTestAirports } from "@/tests/helpers/airports";
import { tokenFor } from "@/tests/helpers/api";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { testDatabase } from "@/tests/helpers/db";
import { uniqueTenant } from "@/tests/helpers/factories";

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "das-backup-"));
const live = path.join(tmp, "live", "pgdata");
let database: Database;
afterAll(async () => {
  await database?.close().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The route handler called as Next calls it; the body read as bytes. */
async function backup(token?: string) {
  const res = await backupH(new Request("http://localhost/api/v1/admin/backup", { headers: token ? { authorization: `Bearer ${token}` } : {} }), { params: Promise.resolve({}) });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const restoreScript = (file: string, dir: string) =>
  run(path.join(process.cwd(), "node_modules/.bin/tsx"), ["scripts/db-restore.ts", file], { env: { ...process.env, DATABASE_URL: `file://${dir}` } }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

describe("backups of the embedded database, through the running server", () => {
  const tenant = uniqueTenant();
  let first: { urn: string };
  let file: string;

  beforeAll(async () => {
    database = await openDatabase(`file://${live}`);
    await migrate(database);
    installDatabase(database);
    await seedTestAirports(database.db);
  });

  it("answers only a machine ADMIN token of all airports, not a tenant's ADMIN", async () => {
    expect((await backup()).res.status).toBe(401);
    const supervisor = await backup(await roleToken(tenant, "OPS_SUPERVISOR"));
    expect([supervisor.res.status, JSON.parse(new TextDecoder().decode(supervisor.bytes)).code]).toEqual([403, "FORBIDDEN"]);
    expect((await backup(await roleToken(tenant, "ADMIN", ["CDG"], "system:db-backup"))).res.status).toBe(403);
    // a tenant's ADMIN of every airport (a user or a service token) may not take every tenant's rows
    expect((await backup(await roleToken(tenant, "ADMIN", ["*"], "user-1"))).res.status).toBe(403);
    expect((await backup(await roleToken(tenant, "ADMIN", ["*"], "client:feed"))).res.status).toBe(403);
  });

  it("a backup taken while transactions commit holds every committed one whole, and what was written after is not in it", async () => {
    first = await createCase(await roleToken(tenant, "OPS_SUPERVISOR"), casePayload());
    // writers racing the dump: each transaction writes two entries; a half transaction would leave an odd count
    const ctx = { db: database.db, principal: systemPrincipal(tenant, "writer") };
    const pair = (i: number) =>
      transaction(ctx, async (tx) => {
        await writeAudit(tx, { entity: "race", entityUrn: `race-${i}`, action: "a", airport: null });
        await writeAudit(tx, { entity: "race", entityUrn: `race-${i}`, action: "b", airport: null });
      });
    const writers = Array.from({ length: 40 }, (_, i) => pair(i));
    const { res, bytes } = await backup(await roleToken(tenant, "ADMIN", ["*"], "system:db-backup"));
    await Promise.all(writers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="das-backup-[0-9TZ-]+\.tar\.gz"$/);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    file = path.join(tmp, "backup.tar.gz");
    fs.writeFileSync(file, bytes);
    await createCase(await roleToken(tenant, "OPS_SUPERVISOR"), casePayload()); // after the backup

    const restored = path.join(tmp, "restored", "pgdata");
    const report = await restorePglite(restored, bytes);
    expect(report.movedAside).toBeNull();
    expect(report.migrations).toBeGreaterThan(10);
    const copy = await openDatabase(`file://${restored}`);
    try {
      expect((await copy.db.select({ urn: cases.urn }).from(cases)).map((c) => c.urn)).toEqual([first.urn]);
      const expected = await database.db.select().from(passengers).where(eq(passengers.caseUrn, first.urn)).orderBy(passengers.passengerId);
      expect(await copy.db.select().from(passengers).orderBy(passengers.passengerId)).toEqual(expected);
      const race = await copy.db.select().from(auditEntries).where(eq(auditEntries.entity, "race"));
      expect(race.length % 2).toBe(0);
      for (const i of new Set(race.map((r) => r.entityUrn))) expect(race.filter((r) => r.entityUrn === i)).toHaveLength(2);
      // the backup's own audit entry is written after the dump
      expect(await copy.db.select().from(auditEntries).where(eq(auditEntries.action, "backup"))).toEqual([]);
    } finally {
      await copy.close();
    }
    expect(await database.db.select().from(auditEntries).where(eq(auditEntries.action, "backup"))).toHaveLength(1);
  }, 60_000);

  it("npm run db:backup asks the server for it with an ADMIN token of its own and writes the file", async () => {
    // the route handler behind a real HTTP server, as under next start
    const server = http.createServer(async (req, res) => {
      const answer = await backupH(new Request(`http://localhost${req.url}`, { headers: { authorization: req.headers.authorization ?? "" } }), { params: Promise.resolve({}) });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const out = path.join(tmp, "by-script.tar.gz");
      const { stdout } = await run(path.join(process.cwd(), "node_modules/.bin/tsx"), ["scripts/db-backup.ts", "--url", `http://127.0.0.1:${(server.address() as AddressInfo).port}`, "--out", out, "--tenant", tenant], {
        env: { ...process.env, DATABASE_URL: "" },
      });
      expect(stdout).toContain(`backup written: ${out}`);
      const bytes = fs.readFileSync(out);
      expect([bytes[0], bytes[1], bytes.length > 1000]).toEqual([0x1f, 0x8b, true]);
      expect((await database.db.select().from(auditEntries).where(eq(auditEntries.action, "backup"))).map((e) => e.actor)).toContain("system:db-backup");
    } finally {
      server.close();
    }
  }, 60_000);

  it("npm run db:restore refuses while the server holds the database, then restores with the old one kept aside", async () => {
    const refused = await restoreScript(file, live);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("stop the server first");
    await database.close(); // the server stops
    const done = await restoreScript(file, live);
    expect(done.code, done.out).toBe(0);
    expect(done.out).toMatch(/the previous database is kept in .*pgdata\.bak-/);
    expect(done.out).toMatch(/cases\s+1\n/);
    expect(fs.readdirSync(path.dirname(live)).filter((f) => f.startsWith("pgdata.bak-"))).toHaveLength(1);
    const reopened = await openDatabase(`file://${live}`);
    try {
      expect((await reopened.db.select({ urn: cases.urn }).from(cases)).map((c) => c.urn)).toEqual([first.urn]);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL the server copies nothing: 409, use pg_dump", async () => {
    const pgDatabase = await testDatabase();
    installDatabase(pgDatabase);
    try {
      const { res, bytes } = await backup(await tokenFor({ tenant, sub: "system:db-backup" }));
      const problem = JSON.parse(new TextDecoder().decode(bytes));
      expect([res.status, problem.code]).toEqual([409, "CONFLICT"]);
      expect(problem.detail).toContain("pg_dump");
    } finally {
      await pgDatabase.close();
    }
  });
});
