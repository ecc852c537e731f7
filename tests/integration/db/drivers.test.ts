import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { driverFor, migrate, openDatabase, type Database } from "@/db/client";
import { tenants } from "@/db/schema";
import { freshPostgresDatabase } from "../../helpers/db";
import { startNeonProxy } from "../../helpers/neon-proxy";

const PG = process.env.TEST_DATABASE_URL;

async function commitsAndRollsBack(database: Database) {
  await migrate(database);
  await migrate(database); // a second run applies nothing
  const code = `T${Math.floor(Math.random() * 10)}`;
  await database.db.delete(tenants).where(eq(tenants.code, code));
  await expect(
    database.db.transaction(async (tx) => {
      await tx.insert(tenants).values({ code, urn: `urn:svc:tenant:${code}`, name: "x" });
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect(await database.db.select().from(tenants).where(eq(tenants.code, code))).toHaveLength(0);
  await database.db.transaction(async (tx) => {
    await tx.insert(tenants).values({ code, urn: `urn:svc:tenant:${code}`, name: "x" });
  });
  expect(await database.db.select().from(tenants).where(eq(tenants.code, code))).toHaveLength(1);
  await database.db.delete(tenants).where(eq(tenants.code, code));
}

describe("database drivers", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("picks the driver from the URL", () => {
    expect(driverFor(undefined)).toBe("pglite");
    expect(driverFor("memory://")).toBe("pglite");
    expect(driverFor("postgres://u@127.0.0.1:5432/db")).toBe("node-postgres");
    expect(driverFor("postgresql://u:p@ep-cool-1.eu-central-1.aws.neon.tech/db?sslmode=require")).toBe("neon");
  });

  it("PGlite on disk: migrates, commits, rolls back, and a second opener is refused", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "das-pglite-"));
    const database = await openDatabase(`file://${path.join(dir, "pgdata")}`);
    cleanups.push(async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await commitsAndRollsBack(database);
    const lock = path.join(dir, "pglite.lock");
    fs.writeFileSync(lock, String(process.ppid)); // another live process holds it
    await expect(openDatabase(`file://${path.join(dir, "pgdata")}`)).rejects.toThrow(/in use by process/);
    fs.writeFileSync(lock, String(process.pid));
  });

  it.skipIf(!PG)("node-postgres: migrates, commits and rolls back", async () => {
    const fresh = await freshPostgresDatabase(PG!);
    const database = await openDatabase(fresh.url);
    cleanups.push(async () => {
      await database.close();
      await fresh.drop();
    });
    await commitsAndRollsBack(database);
  });

  it.skipIf(!PG)("Neon's serverless Pool through a local WebSocket proxy: migrates, commits and rolls back", async () => {
    const proxy = await startNeonProxy();
    process.env.NEON_WS_PROXY = `127.0.0.1:${proxy.port}`;
    process.env.DATABASE_DRIVER = "neon";
    try {
      const fresh = await freshPostgresDatabase(PG!);
      const database = await openDatabase(fresh.url);
      cleanups.push(async () => {
        await database.close();
        await proxy.close();
        await fresh.drop();
      });
      expect(database.driver).toBe("neon");
      const r = (await database.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
      expect(r.rows[0]).toMatchObject({ one: 1 });
      await commitsAndRollsBack(database);
    } finally {
      delete process.env.NEON_WS_PROXY;
      delete process.env.DATABASE_DRIVER;
    }
  });
});
