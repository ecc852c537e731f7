import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { auditEntries } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { testDatabase } from "../../helpers/db";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Audit entries of a transaction are held and written in one statement just before it commits (writeAtCommit). */
describe("audit entries written at commit", () => {
  it("are all there after the commit, in the order written, and not in the table before its end", async () => {
    const tenant = uniqueTenant();
    const ctx = ctxFor(database.db, principal({ tenant }));
    const entity = newUrn("segment");
    const seenInside = await transaction(ctx, async (tx) => {
      for (const action of ["plan", "extend", "cancel"]) await writeAudit(tx, { entity: "segment", entityUrn: entity, action, airport: "CDG" });
      // read inside the transaction itself, before its end: held, not written yet
      return tx.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, entity));
    });
    const rows = await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, entity)).orderBy(asc(auditEntries.urn));
    expect(rows.map((r) => r.action)).toEqual(["plan", "extend", "cancel"]);
    expect(rows.every((r) => r.tenant === tenant && r.airport === "CDG")).toBe(true);
    expect(seenInside).toEqual([]);
  });

  it("are not written when the transaction rolls back", async () => {
    const ctx = ctxFor(database.db, principal({ tenant: uniqueTenant() }));
    const entity = newUrn("segment");
    await expect(
      transaction(ctx, async (tx) => {
        await writeAudit(tx, { entity: "segment", entityUrn: entity, action: "plan", airport: "CDG" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, entity))).toEqual([]);
  });

  it("outside a transaction, the entry is written at once", async () => {
    const ctx = ctxFor(database.db, principal({ tenant: uniqueTenant() }));
    const entity = newUrn("segment");
    await writeAudit(ctx, { entity: "segment", entityUrn: entity, action: "plan", airport: "CDG" });
    expect(await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, entity))).toHaveLength(1);
  });
});
