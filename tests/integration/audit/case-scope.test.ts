import { describe, expect, it } from "vitest";
import { allocationWaves, auditEntries, cases, passengerGroups, passengers, reservations, tenants } from "@/db/schema";
import { GET as listAuditH } from "@/app/api/v1/audit/route";
import { POST as approve } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemand } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { listAudit } from "@/lib/audit/list";
import { writeAudit } from "@/lib/audit/write";
import { newUrn } from "@/lib/ids";
import { createReviewItem } from "@/lib/review/create-item";
import { createSegment } from "@/lib/transport/create";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { insertCase } from "../../helpers/case-rows";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });

const SUPERVISOR = "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d31";

/** A REQUESTED demand on the case, then approved by the supervisor with a reason: two audit entries on the demand. */
async function approvedDemand(caseUrn: string, token: string): Promise<string> {
  const created = await call(createDemand, `/demand/case/${caseUrn}`, { token, body: { type: "INITIAL", roomsRequested: 2 }, params: { caseUrn } });
  expect(created.status, created.text).toBe(201);
  if (created.json.status === "REQUESTED") {
    const res = await call(approve, `/demand/${created.json.urn}/approve`, { token, body: { reason: "two more rooms, duty manager agreed" }, params: { demandUrn: created.json.urn } });
    expect(res.status, res.text).toBe(200);
  }
  return created.json.urn;
}

describe("GET /audit?caseUrn= (a case's audit)", () => {
  it("lists the case's entries and those of its demands, waves, reservations, rides and review items; no other case's; refused requests only unless excluded", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"], sub: SUPERVISOR });
    const booked = await confirmedReservation(database.db, { token, tenant });
    const ctx = ctxFor(database.db, principal({ tenant, sub: SUPERVISOR, roles: ["ADMIN"] }));
    const demandUrn = await approvedDemand(booked.caseUrn, token);
    const segment = await createSegment({ ctx, input: { reservationUrn: booked.reservationUrn, direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T19:00:00Z", vehicleType: "WHEELCHAIR_VAN" } });
    const item = await createReviewItem(ctx, { caseUrn: booked.caseUrn, category: "DATA_INCOMPLETE", affectedGroups: [booked.groupId], detail: "a passenger has no last name" });
    await writeAudit(ctx, { entity: "wave", entityUrn: booked.waveUrn, action: "override", reason: "moved by hand", before: { hotel: "A" }, after: { hotel: "B" } });
    await writeAudit(ctx, { entity: "reservation", entityUrn: booked.reservationUrn, action: "confirm", before: { status: "PENDING" }, after: { status: "CONFIRMED" } });
    // a refused request on the case's demand: listed by default (the API's contract), left out on request
    await writeAudit(ctx, { entity: "demand", entityUrn: demandUrn, action: "access-denied", reason: "POST /api/v1/demand/x/approve: FORBIDDEN: Your roles (FEED) may not decide demands." });
    // another case of the tenant, with a demand of its own: none of it belongs to the first
    const other = await insertCase(database.db, { tenant });
    const otherDemand = await approvedDemand(other.urn, token);

    const res = await call(listAuditH, "/audit", { token, query: { caseUrn: booked.caseUrn, limit: "100" } });
    expect(res.status, res.text).toBe(200);
    const entries = res.json.items as { entity: string; entityUrn: string; action: string }[];
    const urns = new Set(entries.map((e) => e.entityUrn));
    for (const urn of [booked.caseUrn, demandUrn, booked.waveUrn, booked.reservationUrn, segment.urn, item.urn]) expect(urns, urn).toContain(urn);
    expect(urns).not.toContain(other.urn);
    expect(urns).not.toContain(otherDemand);
    expect(entries.find((e) => e.entityUrn === demandUrn && e.action === "approve")).toBeDefined();
    expect(entries.some((e) => e.action === "access-denied")).toBe(true);

    const quiet = await call(listAuditH, "/audit", { token, query: { caseUrn: booked.caseUrn, refused: "exclude", limit: "100" } });
    expect(quiet.status).toBe(200);
    expect(quiet.json.items.some((e: { action: string }) => e.action === "access-denied")).toBe(false);
    expect(quiet.json.items).toHaveLength(entries.length - 1);

    // without the new parameters GET /audit answers as before: every entry of the tenant, refused ones included
    const all = await call(listAuditH, "/audit", { token, query: { limit: "100" } });
    expect(all.json.items.map((e: { entityUrn: string }) => e.entityUrn)).toEqual(expect.arrayContaining([otherDemand, booked.caseUrn]));
    expect(all.json.items.some((e: { action: string }) => e.action === "access-denied")).toBe(true);

    // a case URN that is not one is a 422 naming the field
    const bad = await call(listAuditH, "/audit", { token, query: { caseUrn: "urn:svc:demand:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10" } });
    expect(bad.status).toBe(422);
  });

  it("stays fast on a 3,000-passenger case among a busy tenant's entries: the newest 50 of its 1,500 bookings' entries, in pages", async () => {
    const tenant = uniqueTenant();
    const db = database.db;
    await db.insert(tenants).values({ code: tenant, urn: newUrn("tenant"), name: tenant }).onConflictDoNothing();
    const caseUrn = newUrn("case");
    await db.insert(cases).values({
      urn: caseUrn,
      tenant,
      externalEventId: `big-${caseUrn.slice(-12)}`,
      airport: "CDG",
      airline: tenant,
      flight: { number: `${tenant}1234`, origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      status: "ACCOMMODATED",
      createdBy: SUPERVISOR,
    });
    const GROUPS = 1_500;
    const groupIds = Array.from({ length: GROUPS }, (_, i) => `G${String(i).padStart(4, "0")}`);
    for (let i = 0; i < GROUPS; i += 500) {
      const chunk = groupIds.slice(i, i + 500);
      await db.insert(passengerGroups).values(chunk.map((groupId, j) => ({ caseUrn, groupId, tenant, pnr: groupId, tier: "ECONOMY" as const, rooms: 1, position: i + j })));
      await db.insert(passengers).values(chunk.flatMap((groupId) => [1, 2].map((n) => ({ caseUrn, passengerId: `${groupId}-${n}`, tenant, groupId, firstName: "Pat", lastName: groupId, tier: "ECONOMY" as const, position: n }))));
    }
    const waveUrn = newUrn("wave");
    await db.insert(allocationWaves).values({ urn: waveUrn, tenant, caseUrn, status: "COMPLETE", airport: "CDG", policies: [], allocations: [] });
    const hotelUrn = newUrn("hotel");
    const reservationUrns = groupIds.map(() => newUrn("reservation"));
    for (let i = 0; i < GROUPS; i += 500) {
      await db.insert(reservations).values(
        reservationUrns.slice(i, i + 500).map((urn, j) => ({
          urn,
          tenant,
          caseUrn,
          waveUrn,
          groupId: groupIds[i + j],
          hotelUrn,
          provider: "DIRECT" as const,
          status: "CONFIRMED" as const,
          rooms: 1,
          checkIn: new Date("2026-11-21T18:05:00Z"),
          checkOut: new Date("2026-11-22T09:30:00Z"),
          total: { amount: 120, currency: "EUR" },
          payment: { method: "GUARANTEE" as const },
        })),
      );
    }
    // each booking confirmed, audited; and 20,000 entries of other records of the tenant around them
    const entry = (entityUrn: string, entity: string) => ({ urn: newUrn("audit"), tenant, entity, entityUrn, action: "confirm", actor: "system:book", airport: "CDG", changes: [{ field: "status", before: "PENDING", after: "CONFIRMED" }] });
    const rows = [...reservationUrns.map((u) => entry(u, "reservation")), ...Array.from({ length: 20_000 }, () => entry(newUrn("reservation"), "reservation"))];
    rows.sort((a, b) => a.urn.localeCompare(b.urn));
    for (let i = 0; i < rows.length; i += 1_000) await db.insert(auditEntries).values(rows.slice(i, i + 1_000));

    const ctx = ctxFor(db, principal({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] }));
    const first = await listAudit({ ctx, input: { caseUrn, limit: 50 } });
    const second = await listAudit({ ctx, input: { caseUrn, limit: 50, cursor: first.nextCursor! } });
    expect(first.items).toHaveLength(50);
    const mine = new Set(reservationUrns);
    expect([...first.items, ...second.items].every((e) => mine.has(e.entityUrn))).toBe(true);
    // newest first, the second page after the first
    expect(first.items.map((e) => e.urn)).toEqual([...first.items.map((e) => e.urn)].sort().reverse());
    expect(second.items[0].urn < first.items[49].urn).toBe(true);
  }, 120_000);
});
