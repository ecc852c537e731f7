import { and, eq, sql } from "drizzle-orm";
import { beforeEach } from "vitest";
import { auditEntries, jobEvents, reservationReconfirmations, reservations } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { localDate } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { hotelSources } from "@/lib/providers/sources";
import type { SearchQuery } from "@/lib/providers/types";
import { HUBS } from "@/lib/providers/world";
import { apiTestDatabase } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import type { PolicyDraft } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";
import { confirmedReservation } from "@/tests/helpers/reservations";

const CDG = { airport: "CDG", latitude: HUBS.CDG.latitude, longitude: HUBS.CDG.longitude, radiusKm: 60, currency: "EUR", rooms: 2, guestsPerRoom: 2 } satisfies Partial<SearchQuery>;

/**
 * A database with airports and both sandbox providers (faults cleared before each test), and a
 * CONFIRMED reservation whose booking really exists at one of them.
 */
export function reconfirmTestbed() {
  const database = apiTestDatabase({ airports: true });
  const sandboxes = sandboxProviders();
  beforeEach(async () => {
    for (const url of [sandboxes.expediaUrl, sandboxes.hotelbedsUrl]) await fetch(`${url}/__sandbox/faults`, { method: "DELETE" });
  });

  /** POST /__sandbox/faults of one sandbox, as a test injects any fault */
  const faults = async (which: "EXPEDIA_RAPID" | "HOTELBEDS", body: unknown) => sandboxes.admin(which, "/__sandbox/faults", body);

  /**
   * A reservation of two rooms booked at the provider's sandbox (a real booking, looked up by its
   * reference), on a CDG case with an ECONOMY policy (`policy` merged into it); `checkIn` is the
   * reservation's (three hours from now by default: its BEFORE_ARRIVAL moment comes after the AFTER_BOOKING one).
   */
  async function booked(opts: { provider?: "HOTELBEDS" | "EXPEDIA_RAPID"; policy?: Partial<PolicyDraft>; checkIn?: Date } = {}) {
    const provider = opts.provider ?? "HOTELBEDS";
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedReservation(database.db, { token, tenant, policy: opts.policy });
    const ctx: Ctx = { db: database.db, principal: systemPrincipal(tenant, "reconfirmation") };
    const source = hotelSources(ctx).sources.find((s) => s.id === provider)!;
    // one night, booked at the provider for the hotel's calendar dates of the reservation's stay
    const checkIn = opts.checkIn ?? new Date(Date.now() + 3 * 3600_000);
    const checkOut = new Date(checkIn.getTime() + 24 * 3600_000);
    const stay = { checkIn: localDate(checkIn, "Europe/Paris"), checkOut: localDate(checkOut, "Europe/Paris") };
    const offer = (await source.search({ ...CDG, ...stay })).find((o) => o.acceptedPayments.includes("GUARANTEE") && o.roomsAvailable >= 2);
    if (!offer) throw new Error(`no bookable ${provider} offer`);
    const booking = await source.book({
      offerId: offer.offerId,
      providerHotelId: offer.providerHotelId,
      ...stay,
      rooms: 2,
      guests: [{ firstName: "Amélie", lastName: "Dupont" }],
      clientReference: `RC-${fx.reservationUrn.slice(-12)}`,
      payment: { method: "GUARANTEE" },
    });
    await database.db
      .update(reservations)
      .set({ provider, providerRef: booking.reference, confirmationCode: booking.confirmationCode, rooms: 2, checkIn, checkOut })
      .where(eq(reservations.urn, fx.reservationUrn));
    return { ...fx, tenant, token, ctx, provider, source, stay, providerHotelId: offer.providerHotelId, reference: booking.reference, checkIn };
  }

  const rowsOf = (reservationUrn: string) =>
    database.db.select().from(reservationReconfirmations).where(eq(reservationReconfirmations.reservationUrn, reservationUrn)).orderBy(reservationReconfirmations.dueAt);
  const reservationOf = async (urn: string) => (await database.db.select().from(reservations).where(eq(reservations.urn, urn)))[0];
  const eventsOf = (name: string, reservationUrn: string) =>
    database.db.select().from(jobEvents).where(and(eq(jobEvents.name, name), sql`${jobEvents.data}->>'reservationUrn' = ${reservationUrn}`));
  const auditsOf = (reservationUrn: string, action: string) =>
    database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, reservationUrn), eq(auditEntries.action, action)));

  return { database, sandboxes, faults, booked, rowsOf, reservationOf, eventsOf, auditsOf };
}
