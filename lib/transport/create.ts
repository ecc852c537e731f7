import { and, eq, inArray } from "drizzle-orm";
import { reservations, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import { loadCase, loadOpenCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { invalid, notFound } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import type { SpecialNeed } from "@/lib/vocabulary";
import { ridesChanged } from "./rides-changed";
import { hotelOf, NO_RIDE, passengersOf, placesOf } from "./riders";
import { CreateSegmentBody, type CreateSegmentInput, type Segment } from "./schemas";
import { seatsOf } from "./seats";
import { auditSnapshot, toSegment } from "./to-record";
import { lockCaseTransport } from "./lock";

/**
 * POST /transport/segments: an operator adds a ride by hand (most are planned when a reservation
 * confirms). Every passenger of the reservations' groups who needs a ride is aboard; the
 * reservations must be CONFIRMED, of one case and one hotel (a shared shuttle: several). The
 * segment starts PLANNED; POST …/vehicle assigns it. Seats: `capacity`, else the type's.
 */
export async function createSegment({ ctx, input: raw }: { ctx: Ctx; input: CreateSegmentInput }): Promise<Segment> {
  requirePermission(ctx, "transport:write", "create a transport segment");
  const input = parseInput(CreateSegmentBody, raw);
  const urns = [...new Set(input.reservationUrns ?? [input.reservationUrn!])].sort();
  const rows = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tenant, ctx.principal.tenant), inArray(reservations.urn, urns)));
  const missing = urns.filter((u) => !rows.some((r) => r.urn === u));
  if (missing.length) throw notFound(`Reservation ${missing[0]}`);
  const caseUrn = rows[0].caseUrn;
  const caseRow = await loadCase(ctx, caseUrn);
  const field = input.reservationUrns ? "reservationUrns" : "reservationUrn";
  if (rows.some((r) => r.caseUrn !== caseUrn)) throw invalid("The reservations belong to different cases.", [{ path: field, message: "one case per segment" }]);
  if (rows.some((r) => r.hotelUrn !== rows[0].hotelUrn)) throw invalid("The reservations are at different hotels.", [{ path: field, message: "one hotel per segment" }]);
  const notConfirmed = rows.find((r) => r.status !== "CONFIRMED");
  if (notConfirmed) throw invalid(`Reservation ${notConfirmed.urn} is ${notConfirmed.status}; only CONFIRMED reservations get transport.`, [{ path: field, message: "must be CONFIRMED" }]);

  return transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, caseUrn);
    await loadOpenCase(tx, caseUrn);
    const riders = (await passengersOf(tx, caseUrn, rows)).filter((p) => !NO_RIDE.includes(p.operationalStatus));
    const capacity = input.capacity ?? seatsOf(input.vehicleType);
    if (riders.length > capacity) throw invalid(`${riders.length} passengers need the ride; a ${input.vehicleType} here seats ${capacity}. Split it into several segments or give a capacity.`, [{ path: "capacity", message: `at least ${riders.length}` }]);
    const needs = new Set<SpecialNeed>([...input.specialRequirements, ...riders.flatMap((p) => p.specialNeeds)]);
    if (needs.has("WHEELCHAIR") && input.vehicleType !== "WHEELCHAIR_VAN") throw invalid("A passenger aboard uses a wheelchair: the vehicle must be a WHEELCHAIR_VAN.", [{ path: "vehicleType", message: "must be WHEELCHAIR_VAN" }]);
    const reservationOf = new Map(rows.map((r) => [r.groupId, r.urn]));
    const places = placesOf(input.direction, caseRow.airport, await hotelOf(tx, rows[0].hotelUrn));
    const [row] = await tx.db
      .insert(transportSegments)
      .values({
        urn: newUrn("segment"),
        tenant: tx.principal.tenant,
        caseUrn,
        airport: caseRow.airport,
        hotelUrn: rows[0].hotelUrn,
        reservationUrns: urns,
        direction: input.direction,
        scheduledAt: new Date(input.scheduledAt),
        vehicleType: input.vehicleType,
        capacity,
        passengers: riders.map((p) => ({ passengerId: p.passengerId, groupId: p.groupId, reservationUrn: reservationOf.get(p.groupId)! })),
        passengerCount: riders.length,
        specialRequirements: [...needs].sort(),
        ...places,
        ...(input.pickupLocation ? { pickupLocation: input.pickupLocation } : {}),
        status: "PLANNED",
        origin: "MANUAL",
      })
      .returning();
    await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "create", airport: caseRow.airport, reason: input.reason ?? "created by hand", after: auditSnapshot(row) });
    await touchCase(tx, caseUrn);
    await ridesChanged(tx, row.reservationUrns);
    return toSegment(row);
  });
}
