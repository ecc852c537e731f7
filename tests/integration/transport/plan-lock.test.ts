import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { cases } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { touchCase } from "@/lib/cases/load";
import { transaction } from "@/lib/context";
import { lockCaseTransport } from "@/lib/transport/lock";
import { apiTestDatabase } from "@/tests/helpers/api";
import { insertCase } from "@/tests/helpers/case-rows";
import { uniqueTenant } from "@/tests/helpers/factories";

const database = apiTestDatabase();

/** resolves when the promise settles, or answers "waiting" after ms */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => "done" as const), new Promise<"waiting">((r) => setTimeout(() => r("waiting"), ms))]);

// PGlite has one connection, so nothing runs beside another's transaction there: the locks are PostgreSQL's to show
describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL: a case's transport lock", () => {
  it("a plan in progress does not hold back a booking's bump of the case's revision; a second plan waits for the first", async () => {
    const tenant = uniqueTenant();
    const { urn: caseUrn } = await insertCase(database.db, { tenant });
    const ctx = { db: database.db as Db, principal: systemPrincipal(tenant) };
    const revision = async () => (await database.db.select({ r: cases.revision }).from(cases).where(eq(cases.urn, caseUrn)))[0].r;
    const before = await revision();

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let planLocked!: () => void;
    const locked = new Promise<void>((r) => (planLocked = r));
    const plan = transaction(ctx, async (tx) => {
      await lockCaseTransport(tx, caseUrn);
      planLocked();
      await held;
    });
    await locked;

    // a booking confirmed meanwhile: its transaction bumps the revision at once
    expect(await within(transaction(ctx, (tx) => touchCase(tx, caseUrn)), 3000)).toBe("done");
    expect(await revision()).toBe(before + 1);
    // another plan of the same case waits for the first
    const second = transaction(ctx, (tx) => lockCaseTransport(tx, caseUrn));
    expect(await within(second, 500)).toBe("waiting");
    release();
    await plan;
    expect(await within(second, 3000)).toBe("done");
  });
});
