import type { Db } from "@/db/client";
import { cases, passengerGroups, passengers, tenants } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import type { CaseStatus, Tier } from "@/lib/vocabulary";

export type TestGroup = { groupId?: string; tier: Tier; passengers: number };

export type CaseRowsInput = {
  tenant: string;
  airport?: string;
  airline?: string;
  status?: CaseStatus;
  createdBy?: string;
  groups?: TestGroup[];
};

/** Contract part 4: one room per two passengers, rounded up; CREW one per member. */
function roomsFor(tier: string, n: number): number {
  return tier === "CREW" ? n : Math.ceil(n / 2);
}

/**
 * A case inserted as rows (cases, passenger_groups, passengers), not through the cases endpoint,
 * so tests of other resources do not depend on it. Defaults: CDG, airline = tenant, OPEN, one
 * ECONOMY group of two passengers.
 */
export async function insertCase(db: Db, input: CaseRowsInput): Promise<{ urn: string; groups: { groupId: string; rooms: number }[] }> {
  const urn = newUrn("case");
  const airport = input.airport ?? "CDG";
  const airline = input.airline ?? input.tenant;
  const status = input.status ?? "OPEN";
  // a case references its tenant's row (the API creates it on a tenant's first request)
  await db.insert(tenants).values({ code: input.tenant, urn: newUrn("tenant"), name: input.tenant }).onConflictDoNothing();
  await db.insert(cases).values({
    urn,
    tenant: input.tenant,
    externalEventId: `evt-${urn.slice(-12)}`,
    airport,
    airline,
    flight: { number: `${airline}1234`, origin: airport, destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
    nextFlight: { number: `${airline}1236`, scheduledDeparture: "2026-11-22T09:30:00Z" },
    status,
    createdBy: input.createdBy ?? "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10",
    closedAt: status === "CLOSED" ? new Date() : null,
    closeReason: status === "CLOSED" ? "test" : null,
  });
  const groups = input.groups ?? [{ tier: "ECONOMY", passengers: 2 }];
  const out: { groupId: string; rooms: number }[] = [];
  for (const [i, g] of groups.entries()) {
    const groupId = g.groupId ?? `PNR${i + 1}`;
    const rooms = roomsFor(g.tier, g.passengers);
    await db.insert(passengerGroups).values({ caseUrn: urn, groupId, tenant: input.tenant, pnr: groupId, tier: g.tier, rooms, position: i });
    if (g.passengers > 0) {
      await db.insert(passengers).values(
        Array.from({ length: g.passengers }, (_, j) => ({
          caseUrn: urn,
          passengerId: `${groupId}-P${j + 1}`,
          tenant: input.tenant,
          groupId,
          firstName: `First${j + 1}`,
          lastName: `Last${i + 1}`,
          tier: g.tier,
          position: j,
        })),
      );
    }
    out.push({ groupId, rooms });
  }
  return { urn, groups: out };
}
