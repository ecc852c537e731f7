import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { careAssessments, jobRuns, passengers, vouchers } from "@/db/schema";
import { refreshCareOnVouchers } from "@/inngest/functions/care-vouchers";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import { emit } from "@/lib/events";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { createVoucher } from "@/lib/vouchers";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { apiTestDatabase } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedCase } from "../transport/helpers";

/** A gate on the render: while `hold` is set, a render waits for it (as a slow render would), the rest pass. */
const gate = vi.hoisted(() => ({ hold: null as Promise<void> | null, entered: null as (() => void) | null }));
vi.mock("@/lib/vouchers/render", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/vouchers/render")>();
  return {
    ...actual,
    renderVoucher: async (...args: Parameters<typeof actual.renderVoucher>) => {
      const hold = gate.hold;
      if (hold) {
        gate.hold = null;
        gate.entered?.();
        await hold;
      }
      return actual.renderVoucher(...args);
    },
  };
});

const database = apiTestDatabase({ airports: true });
afterAll(() => closePool());

async function bookedCase(groups = [{ pnr: "RACE", passengers: [pax("R1")] }]) {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const fx = await confirmedCase(database.db, { token, tenant, groups });
  const ctx = { db: database.db, principal: systemPrincipal(tenant, "booking") };
  return { tenant, fx, ctx };
}

describe("refreshing a stored voucher", () => {
  it("a render begun before a change cannot commit last and wipe it: the later refresh waits and prints the change", async () => {
    const { fx, ctx } = await bookedCase();
    const reservationUrn = fx.reservationUrns[0];
    await createVoucher(ctx, reservationUrn);
    await assessCare(ctx, fx.caseUrn, "CASE_CREATED");
    const stored = async () => (await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, reservationUrn)))[0];

    // A (the care job) begins rendering the care block, and is slow about it
    let release!: () => void;
    const entered = new Promise<void>((r) => (gate.entered = r));
    gate.hold = new Promise<void>((r) => (release = r));
    const a = refreshVoucher(ctx, reservationUrn);
    await entered;
    // meanwhile B changes what the voucher prints (the passenger's name, as a taxi would its ride) and refreshes
    const b = (async () => {
      await database.db.update(passengers).set({ firstName: "Zelda" }).where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, "R1")));
      return refreshVoucher(ctx, reservationUrn);
    })();
    // A finishes once B has (without the lock), or after a while (with it B waits for A)
    await Promise.race([b, new Promise((r) => setTimeout(r, 400))]);
    release();
    await Promise.all([a, b]);

    const after = await stored();
    expect(after.text).toContain("Your right to care");
    expect(after.text).toContain("Zelda");
  });

  it("care-refresh-vouchers skips an outdated version and a case without a stored voucher", async () => {
    const { tenant, fx, ctx } = await bookedCase([
      { pnr: "SKIP1", passengers: [pax("S1")] },
      { pnr: "SKIP2", passengers: [pax("S2")] },
    ]);
    await assessCare(ctx, fx.caseUrn, "CASE_CREATED");
    const runner = createRunner({ db: database.db, jobs: [refreshCareOnVouchers], retryBaseMs: 1 });
    const outputs = async () => {
      await runner.tick();
      const runs = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "care-refresh-vouchers"), eq(jobRuns.tenant, tenant)));
      return runs.map((r) => r.output);
    };
    // confirmed stays, no voucher printed yet: nothing to render (assessCare's event, and a replay of it)
    await database.db.transaction((tx) => emit({ db: tx, principal: ctx.principal }, "care/assessed", { tenant, caseUrn: fx.caseUrn, version: 1, trigger: "CASE_CREATED" }));
    expect(await outputs()).toEqual([{ reservations: 0 }, { reservations: 0 }]);

    // two vouchers; a second version is decided: a late run of version 1 renders nothing, version 2 both
    for (const urn of fx.reservationUrns) await createVoucher(ctx, urn);
    await database.db.insert(careAssessments).values({ ...(await database.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, fx.caseUrn)))[0], urn: `urn:care:${fx.caseUrn.slice(-12)}v2`, version: 2, trigger: "OVERRIDE" });
    await database.db.transaction((tx) => emit({ db: tx, principal: ctx.principal }, "care/assessed", { tenant, caseUrn: fx.caseUrn, version: 1, trigger: "CASE_CREATED" }));
    await database.db.transaction((tx) => emit({ db: tx, principal: ctx.principal }, "care/assessed", { tenant, caseUrn: fx.caseUrn, version: 2, trigger: "OVERRIDE" }));
    const out = await outputs();
    // (the vouchers were printed with this care already: found, none changed)
    expect(out).toContainEqual({ reservations: 2, changed: 0 });
    expect(out.filter((o) => JSON.stringify(o) === JSON.stringify({ reservations: 0 }))).toHaveLength(3);
  });
});
