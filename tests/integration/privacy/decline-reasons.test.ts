import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as declineH } from "@/app/api/v1/hotels/[hotelUrn]/bookings/[reservationUrn]/decline/route";
import { POST as eraseH } from "@/app/api/v1/cases/[caseUrn]/passengers/[passengerId]/erase/route";
import { POST as problemH } from "@/app/api/v1/booking/reservations/[reservationUrn]/problems/route";
import { auditEntries, directBookings, reservations, reviewItems } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { systemPrincipal } from "@/lib/auth/principal";
import { failRehousing } from "@/lib/booking/rehouse-fail";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, pax, roleToken } from "@/tests/helpers/cases";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll } from "../booking/helpers";
import { hotelPath, hotelToken } from "../extranet/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

/** A hotel's reason naming a guest: its own words, which erasure must not leave behind. */
const WORDS = "Mr Quillfeather in room 12 was abusive to our night porter last time";

/** A case of two groups (Zephyrine's and another), both booked on the tenant's direct contracts at CDG. */
async function bookedDirect() {
  const { tenant, token } = await bookingTenant(database.db);
  await seedDirectContracts(database.db, tenant);
  const payload = casePayload({
    passengerGroups: [
      { groupId: "ZQ", pnr: "ZQ1", passengers: [pax("ZQ-1", "ECONOMY", { firstName: "Zephyrine", lastName: "Quillfeather" })] },
      { groupId: "OT", pnr: "OT1", passengers: [pax("OT-1", "ECONOMY", { firstName: "Barnabus", lastName: "Oakenshield" })] },
    ],
  });
  const { caseUrn } = await approvedCase(token, payload);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, "DIRECT");
  await bookingRunner(database.db).tick();
  const rows = await reservationsOf(database.db, caseUrn, "CONFIRMED");
  expect(rows.map((r) => r.groupId).sort()).toEqual(["OT", "ZQ"]);
  return { tenant, token, caseUrn, rows };
}

const decline = (r: { hotelUrn: string; urn: string }, token: string) =>
  call(declineH, hotelPath(r.hotelUrn, `bookings/${encodeURIComponent(r.urn)}/decline`), { token, params: { hotelUrn: r.hotelUrn, reservationUrn: r.urn }, body: { reason: WORDS } });
const erase = async (tenant: string, caseUrn: string, passengerId: string) =>
  call(eraseH, `/cases/${caseUrn}/passengers/${passengerId}/erase`, { token: await roleToken(tenant, "ADMIN"), params: { caseUrn, passengerId }, body: { reason: "passenger's request" } });
const reservation = async (urn: string) => (await database.db.select().from(reservations).where(eq(reservations.urn, urn)))[0];
const directBooking = async (tenant: string, reference: string) => (await database.db.select().from(directBookings).where(and(eq(directBookings.tenant, tenant), eq(directBookings.reference, reference))))[0];
const walkItems = (caseUrn: string) => database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "HOTEL_WALKED")));

describe("erasure clears the hotel's decline reason of the erased passenger's group", () => {
  it("from the walked reservation, its direct booking and the HOTEL_WALKED item; the reason code stays; the other group's keep theirs", async () => {
    const { tenant, caseUrn, rows } = await bookedDirect();
    const zq = rows.find((r) => r.groupId === "ZQ")!;
    const ot = rows.find((r) => r.groupId === "OT")!;
    for (const r of [zq, ot]) expect((await decline(r, await hotelToken(tenant, r.hotelUrn))).status).toBe(200);
    // no hotel could take Zephyrine's group: the HOTEL_WALKED item names the decline, not the hotel's words
    await failRehousing({ db: database.db, principal: systemPrincipal(tenant, "test") }, { walkedUrn: zq.urn, tried: [] });
    expect((await reservation(zq.urn)).walkDetail).toBe(WORDS);
    expect((await directBooking(tenant, zq.providerRef!)).cancelReason).toBe(`declined by the hotel: ${WORDS}`);
    expect((await walkItems(caseUrn))[0].detail).toContain("DECLINED_BY_HOTEL: reason given");
    // the audit is append-only, and the outbox's job events are kept: neither holds the hotel's words
    const audits = await database.db.select({ reason: auditEntries.reason, changes: auditEntries.changes }).from(auditEntries);
    expect(JSON.stringify(audits)).not.toContain("Quillfeather in room 12");
    const events = await database.db.execute(sql`select data::text as data from job_events`);
    expect(JSON.stringify(events)).not.toContain("Quillfeather in room 12");

    const res = await erase(tenant, caseUrn, "ZQ-1");
    expect(res.status, res.text).toBe(200);

    const walked = await reservation(zq.urn);
    expect(walked).toMatchObject({ status: "CANCELLED", walkReason: "DECLINED_BY_HOTEL", walkDetail: "(erased)", cancellationReason: "walked by the hotel: DECLINED_BY_HOTEL" });
    expect(walked.walkedAt).not.toBeNull();
    expect((await directBooking(tenant, zq.providerRef!)).cancelReason).toBe("declined by the hotel");
    const [item] = await walkItems(caseUrn);
    expect(item.detail).not.toContain("abusive");
    expect(item.detail).toContain("DECLINED_BY_HOTEL: reason given");
    // the other group's passengers were not erased: their stay keeps what the hotel said
    expect((await reservation(ot.urn)).walkDetail).toBe(WORDS);
    expect((await directBooking(tenant, ot.providerRef!)).cancelReason).toBe(`declined by the hotel: ${WORDS}`);

    const [entry] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, caseUrn), eq(auditEntries.action, "erase-passenger")));
    expect(entry.changes.find((c) => c.field === "scrubbed")!.after).toMatchObject({ walkReasons: 1 });
    // erasing again changes nothing
    expect((await erase(tenant, caseUrn, "ZQ-1")).status).toBe(200);
    expect(await reservation(zq.urn)).toMatchObject({ walkDetail: "(erased)", cancellationReason: "walked by the hotel: DECLINED_BY_HOTEL" });
  }, 60_000);

  it("an operator's problem note is audited as given, never as its text", async () => {
    const { tenant, token, rows } = await bookedDirect();
    const r = rows[0];
    const res = await call(problemH, `/booking/reservations/${r.urn}/problems`, { token, params: { reservationUrn: r.urn }, body: { tags: ["RUDE_STAFF"], note: "Ms Quillfeather was shouted at" } });
    expect(res.status, res.text).toBe(201);
    const [entry] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entityUrn, r.urn), eq(auditEntries.action, "quality.report_problem")));
    expect(JSON.stringify(entry)).not.toContain("Quillfeather");
    expect(entry.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "note", after: "(given)" })]));
  }, 60_000);
});
