import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createCaseHandler } from "@/app/api/v1/cases/route";
import { allocationWaves, cases, reservations } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { messagesOnVoucherIssued } from "@/inngest/functions/messages";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";
import { approvedCase } from "../booking/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const ALL_TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;

async function tenantWithPolicy() {
  const tenant = uniqueTenant();
  await activePolicy(database.db, tenant, { name: "CDG all", tiers: [...ALL_TIERS], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
  return tenant;
}

describe("shadow cases", () => {
  it("a SHADOW case is allocated beside the live one and never booked: its wave is kept, no reservation", async () => {
    const tenant = await tenantWithPolicy();
    const admin = await roleToken(tenant, "ADMIN");
    const live = casePayload();
    const { caseUrn: liveUrn } = await approvedCase(admin, live);
    const { caseUrn: shadowUrn } = await approvedCase(admin, { ...live, externalEventId: `${live.externalEventId}-shadow`, mode: "SHADOW" });
    await createRunner({ db: database.db, jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued], retryBaseMs: 1 }).tick();

    const [shadow] = await database.db.select().from(cases).where(eq(cases.urn, shadowUrn));
    expect(shadow.mode).toBe("SHADOW");
    const shadowWaves = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, shadowUrn));
    expect(shadowWaves).toHaveLength(1);
    expect((shadowWaves[0].allocations as unknown[]).length).toBeGreaterThan(0);
    expect(await database.db.select().from(reservations).where(eq(reservations.caseUrn, shadowUrn))).toHaveLength(0);
    // the live event beside it is booked as usual
    const liveBooked = await database.db.select().from(reservations).where(eq(reservations.caseUrn, liveUrn));
    expect(liveBooked.length).toBeGreaterThan(0);
    expect(liveBooked.every((r) => r.status === "CONFIRMED")).toBe(true);
  });

  it("a shadow's placements, never booked, take no room from the live wave that follows", async () => {
    const tenant = await tenantWithPolicy();
    const admin = await roleToken(tenant, "ADMIN");
    const live = casePayload();
    const { caseUrn: shadowUrn } = await approvedCase(admin, { ...live, externalEventId: `${live.externalEventId}-shadow`, mode: "SHADOW" });
    await createRunner({ db: database.db, jobs: [allocateOnApproval], retryBaseMs: 1 }).tick();
    const { caseUrn: liveUrn } = await approvedCase(admin, live);
    await createRunner({ db: database.db, jobs: [allocateOnApproval], retryBaseMs: 1 }).tick();

    type Input = { tier: string; provider: string; hotelUrn: string; roomsAvailable: number };
    const inputsOf = async (caseUrn: string) => {
      const [w] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, caseUrn));
      return { allocations: w.allocations as { hotelUrn: string; provider: string }[], inputs: w.rankingInputs as Input[] };
    };
    const shadow = await inputsOf(shadowUrn);
    const liveWave = await inputsOf(liveUrn);
    expect(shadow.allocations.length).toBeGreaterThan(0);
    for (const a of shadow.allocations) {
      const before = shadow.inputs.filter((i) => i.hotelUrn === a.hotelUrn && i.provider === a.provider);
      const after = liveWave.inputs.filter((i) => i.hotelUrn === a.hotelUrn && i.provider === a.provider);
      expect(after.map((i) => [i.tier, i.roomsAvailable])).toEqual(before.map((i) => [i.tier, i.roomsAvailable]));
    }
  });

  it("only an ADMIN creates DRILL or SHADOW cases (403, nothing written)", async () => {
    const tenant = uniqueTenant();
    for (const role of ["OPS_SUPERVISOR", "FEED"] as const) {
      const token = await roleToken(tenant, role);
      for (const mode of ["DRILL", "SHADOW"]) {
        const res = await call(createCaseHandler, "/cases", { token, body: casePayload({ mode }) });
        expect(res.status, `${role} ${mode}`).toBe(403);
        expect(res.json.code).toBe("FORBIDDEN");
      }
    }
    expect(await database.db.select().from(cases).where(eq(cases.tenant, tenant))).toHaveLength(0);
    const admin = await roleToken(tenant, "ADMIN");
    const ok = await call(createCaseHandler, "/cases", { token: admin, body: casePayload({ mode: "SHADOW" }) });
    expect(ok.status).toBe(201);
    expect(ok.json.mode).toBe("SHADOW");
  });
});
