import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as claimH } from "@/app/api/v1/manual-review/[itemUrn]/claim/route";
import { POST as relaxH } from "@/app/api/v1/manual-review/[itemUrn]/relax/route";
import { POST as splitH } from "@/app/api/v1/manual-review/[itemUrn]/split/route";
import { auditEntries, cases, passengerGroups, reviewItems } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { closeBookedItemsOnSettled } from "@/inngest/functions/close-booked-items";
import { systemPrincipal } from "@/lib/auth/principal";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { closeBookedItems } from "@/lib/review/close-booked";
import { createReviewItem } from "@/lib/review/create-item";
import { takenResolution } from "@/lib/review/taken";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, pax, roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { sandboxProviders } from "@/tests/helpers/providers";
import { approvedCase, bookingTenant } from "../booking/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

type Handler = typeof claimH;
const act = (h: Handler, name: string, token: string, itemUrn: string, body?: unknown) =>
  call(h, `/manual-review/${itemUrn}/${name}`, { token, params: { itemUrn }, body, method: "POST" });

async function item(urn: string) {
  const [row] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, urn));
  return row;
}

describe("the resolve form's default: what was done on the item (issue 19 point 6)", () => {
  it("nothing done → no default; a split → SPLIT; a later relax → RELAXED; another tenant reads nothing", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const record = await createCase(
      admin,
      casePayload({ passengerGroups: [{ pnr: "FAM001", passengers: [pax("RB1", "BUSINESS"), pax("RE1"), pax("RE2")] }] }),
    );
    const [mixed] = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, record.urn), eq(reviewItems.category, "MIXED_TIER_GROUP")));
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    const taken = () => takenResolution({ ctx, input: { itemUrn: mixed.urn } });

    expect(await taken()).toBeNull();
    // a claim is no action on the problem
    await act(claimH, "claim", operator, mixed.urn);
    expect(await taken()).toBeNull();

    const split = await act(splitH, "split", operator, mixed.urn, { into: [["RE1", "RE2"], ["RB1"]], reason: "business traveller on his own" });
    expect(split.status, split.text).toBe(200);
    expect(await taken()).toBe("SPLIT");

    const relax = await act(relaxH, "relax", operator, mixed.urn, { fields: { maxDistanceKm: 40 }, reason: "nothing closer tonight" });
    expect(relax.status, relax.text).toBe(200);
    expect(await taken()).toBe("RELAXED");

    const other = ctxFor(database.db, principal({ roles: ["ADMIN"] }));
    expect(await takenResolution({ ctx: other, input: { itemUrn: mixed.urn } })).toBeNull();
  });
});

describe("linked items: a booking closes the open items about its group's room (issue 19 point 6)", () => {
  it("an OPEN PARTIAL_FULFILLMENT item of a group that gets booked is resolved GROUP_BOOKED with the reason; other items stay", async () => {
    const { tenant, token } = await bookingTenant(database.db);
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    // two economy groups the wave places and books, one mixed-tier PNR every wave holds
    const { caseUrn } = await approvedCase(
      token,
      casePayload({
        passengerGroups: [
          { pnr: "FAMLY1", passengers: [pax("F1"), pax("F2")] },
          { pnr: "SOLO01", passengers: [pax("S1")] },
          { pnr: "MIXED1", passengers: [pax("M1"), pax("M2", "BUSINESS")] },
        ],
      }),
    );
    const ctx = ctxFor(database.db, systemPrincipal(tenant, "test"));
    const base = { caseUrn, detail: "raised by the test" };
    // the item the issue saw left open: its group is booked below
    const partial = await createReviewItem(ctx, { ...base, category: "PARTIAL_FULFILLMENT", affectedGroups: ["FAMLY1"] });
    // one of its groups never gets booked (the mixed PNR is held): it stays
    const halfBooked = await createReviewItem(ctx, { ...base, category: "PARTIAL_FULFILLMENT", affectedGroups: ["FAMLY1", "MIXED1"] });
    // a missing name is not fixed by a room: it stays
    const names = await createReviewItem(ctx, { ...base, category: "DATA_INCOMPLETE", affectedGroups: ["FAMLY1"] });
    // someone holds this one: it is theirs to resolve
    const held = await createReviewItem(ctx, { ...base, category: "BOOKING_FAILED", affectedGroups: ["SOLO01"] });
    expect((await act(claimH, "claim", operator, held.urn)).status).toBe(200);

    // allocation, the wave's bookings, then the reaction to the settled wave
    const runner = createRunner({ db: database.db, jobs: [allocateOnApproval, bookWave, bookGroup, closeBookedItemsOnSettled], retryBaseMs: 1 });
    for (let i = 0; i < 6; i++) await runner.tick();

    const booked = await database.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, caseUrn));
    expect(booked.filter((g) => g.reservationUrn).map((g) => g.groupId).sort()).toEqual(["FAMLY1", "SOLO01"]);

    const closed = await item(partial.urn);
    expect(closed).toMatchObject({ state: "RESOLVED", resolution: "GROUP_BOOKED", resolvedBy: "system:review" });
    expect(closed.resolvedAt).toBeTruthy();
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, partial.urn), eq(auditEntries.action, "resolve")));
    expect(audit.actor).toBe("system:review");
    expect(audit.reason).toMatch(/^group booked: FAMLY1 at .+/);

    expect((await item(halfBooked.urn)).state).toBe("OPEN");
    expect((await item(names.urn)).state).toBe("OPEN");
    expect(await item(held.urn)).toMatchObject({ state: "CLAIMED", resolution: null });
    // items are still open: the case stays with a person
    const [row] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(row.status).toBe("MANUAL_REVIEW");

    // a second settlement (a re-delivered event) closes nothing more
    expect(await closeBookedItems(ctxFor(database.db, systemPrincipal(tenant, "review")), { caseUrn })).toEqual({ closed: [] });
  });
});
