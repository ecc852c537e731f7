import { and, asc, eq } from "drizzle-orm";
import { passengerGroups, passengers, reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportTimeZone } from "@/lib/cases/airports";
import { CaseRef } from "@/lib/cases/inputs";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import type { ReservationStatus } from "@/lib/vocabulary";
import { localMoment } from "@/lib/vouchers/local-time";

/** One guest of one reservation: a line of the case's bookings export. */
export type CaseBookingLine = {
  passengerId: string;
  /** "MARTIN Amélie"; "(personal data erased)" once erased */
  passengerName: string;
  groupId: string;
  pnr: string;
  hotel: string;
  rooms: number;
  /** the stay in the airport's local calendar (YYYY-MM-DD), as on the voucher */
  checkIn: string;
  checkOut: string;
  status: ReservationStatus;
  confirmationCode: string | null;
  reservationUrn: string;
};

export type CaseBookings = { caseUrn: string; flightNumber: string; airport: string; timeZone: string; lines: CaseBookingLine[] };

/**
 * Every reservation of a case, one line per guest, for the console's CSV export: with the same
 * permission and scope as reading the case (a case outside the caller's airports is 403, another
 * tenant's 404), so it shows no more than GET /cases/{urn} already does. Cancelled and failed
 * reservations are listed too, with their status: the export is the case's booking history.
 */
export async function caseBookings({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<CaseBookings> {
  requirePermission(ctx, "case:read", "read cases");
  const { caseUrn } = parseInput(CaseRef, input);
  const row = await loadCase(ctx, caseUrn);
  const [stays, guests, timeZone] = await Promise.all([
    ctx.db
      .select({
        urn: reservations.urn,
        groupId: reservations.groupId,
        hotelName: reservations.hotelName,
        hotelUrn: reservations.hotelUrn,
        rooms: reservations.rooms,
        checkIn: reservations.checkIn,
        checkOut: reservations.checkOut,
        status: reservations.status,
        confirmationCode: reservations.confirmationCode,
        pnr: passengerGroups.pnr,
      })
      .from(reservations)
      .leftJoin(passengerGroups, and(eq(passengerGroups.caseUrn, reservations.caseUrn), eq(passengerGroups.groupId, reservations.groupId)))
      .where(and(eq(reservations.tenant, ctx.principal.tenant), eq(reservations.caseUrn, row.urn)))
      .orderBy(asc(reservations.createdAt), asc(reservations.urn)),
    ctx.db
      .select({ id: passengers.passengerId, groupId: passengers.groupId, firstName: passengers.firstName, lastName: passengers.lastName, erasedAt: passengers.erasedAt })
      .from(passengers)
      .where(eq(passengers.caseUrn, row.urn))
      .orderBy(asc(passengers.position), asc(passengers.passengerId)),
    airportTimeZone(ctx, row.airport),
  ]);
  const byGroup = new Map<string, typeof guests>();
  for (const g of guests) byGroup.set(g.groupId, [...(byGroup.get(g.groupId) ?? []), g]);
  const lines = stays.flatMap((s) =>
    (byGroup.get(s.groupId) ?? []).map((g) => ({
      passengerId: g.id,
      passengerName: g.erasedAt ? "(personal data erased)" : [g.lastName?.toUpperCase(), g.firstName].filter(Boolean).join(" "),
      groupId: s.groupId,
      pnr: s.pnr ?? "",
      hotel: s.hotelName ?? s.hotelUrn,
      rooms: s.rooms,
      checkIn: localMoment(s.checkIn, timeZone).date,
      checkOut: localMoment(s.checkOut, timeZone).date,
      status: s.status,
      confirmationCode: s.confirmationCode,
      reservationUrn: s.urn,
    })),
  );
  return { caseUrn: row.urn, flightNumber: row.flight.number, airport: row.airport, timeZone, lines };
}
