import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { capacityCalls, type CapacityCallRow } from "@/db/schema";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { airportTimeZone } from "@/lib/cases/airports";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { IataCode, Reason } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import { contractedHotelsAt } from "./hotels";
import { nightOf } from "@/lib/cases/stay";
import { capacityCallRecord } from "./record";
import type { CapacityCall } from "./schemas";
import { roomsShortAt } from "./shortfall";

const CallInput = z.object({ airport: IataCode, reason: Reason });
export type CallInput = z.input<typeof CallInput>;

/**
 * POST /airports/{code}/capacity-calls: a supervisor asks every contracted hotel of the tenant at
 * the airport for rooms tonight. Records the call (with tonight's shortfall, for the record) and
 * emits `capacity/called`; the e-mails are written after commit by its subscriber
 * (lib/messages/capacity-call.ts), one per hotel with a reservations e-mail. 422 when the tenant
 * has no contracted hotel there: nobody to call.
 */
export async function callHotels({ ctx, input }: { ctx: Ctx; input: CallInput }): Promise<CapacityCall> {
  requirePermission(ctx, "capacity:call", "call the contracted hotels for rooms");
  const { airport, reason } = parseInput(CallInput, input);
  requireAirport(ctx, airport);
  const hotels = await contractedHotelsAt(ctx, airport);
  if (hotels.length === 0) throw new DomainError(422, "NO_CONTRACTED_HOTEL", `The airline has no direct contract with a hotel at ${airport}: there is no hotel to call.`);
  const date = nightOf(new Date(), await airportTimeZone(ctx, airport));
  const roomsShort = await roomsShortAt(ctx, airport);
  const row = await transaction(ctx, async (tx) => {
    const [inserted] = await tx.db
      .insert(capacityCalls)
      .values({ urn: newUrn("capacity"), tenant: ctx.principal.tenant, airport, date, reason, roomsShort, hotelUrns: hotels.map((h) => h.hotelUrn), createdBy: ctx.principal.sub })
      .returning();
    await recordCall(tx, inserted);
    return inserted;
  });
  return capacityCallRecord(ctx, row);
}

/**
 * The policy's call (capacityCall.whenShortByRooms): at most one per tenant, airport and night,
 * guarded by the key itself: the call's URN is derived from them, so of twenty waves settling at
 * once one insert wins and the others find it (no check-then-insert race). No call either when a
 * supervisor already called the airport tonight. Answers the call, or null when none went out.
 */
export async function callHotelsByPolicy(ctx: Ctx, input: { airport: string; roomsShort: number; threshold: number }): Promise<CapacityCallRow | null> {
  requirePermission(ctx, "capacity:call", "call the contracted hotels for rooms");
  const hotels = await contractedHotelsAt(ctx, input.airport);
  if (hotels.length === 0) return null;
  const date = nightOf(new Date(), await airportTimeZone(ctx, input.airport));
  const tenant = ctx.principal.tenant;
  return transaction(ctx, async (tx) => {
    const [earlier] = await tx.db
      .select({ urn: capacityCalls.urn })
      .from(capacityCalls)
      .where(and(eq(capacityCalls.tenant, tenant), eq(capacityCalls.airport, input.airport), eq(capacityCalls.date, date)))
      .limit(1);
    if (earlier) return null;
    const [inserted] = await tx.db
      .insert(capacityCalls)
      .values({
        urn: policyCallUrn(tenant, input.airport, date),
        tenant,
        airport: input.airport,
        date,
        reason: `policy: the open cases at ${input.airport} are ${input.roomsShort} rooms short (threshold ${input.threshold})`,
        roomsShort: input.roomsShort,
        hotelUrns: hotels.map((h) => h.hotelUrn),
        createdBy: ctx.principal.sub,
      })
      .onConflictDoNothing({ target: capacityCalls.urn })
      .returning();
    if (!inserted) return null;
    await recordCall(tx, inserted);
    return inserted;
  });
}

/** The policy's call of a tenant, airport and night: always the same URN (a UUID-shaped hash), so the primary key is the guard. */
export function policyCallUrn(tenant: string, airport: string, date: string): string {
  const h = createHash("sha256").update(`capacity-call|${tenant}|${airport}|${date}`).digest("hex");
  return `urn:svc:capacity:${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

async function recordCall(tx: Ctx, call: CapacityCallRow): Promise<void> {
  await writeAudit(tx, {
    entity: "capacity",
    entityUrn: call.urn,
    action: "call",
    reason: call.reason,
    airport: call.airport,
    after: { date: call.date, roomsShort: call.roomsShort, hotels: call.hotelUrns },
  });
  await emit(tx, "capacity/called", { tenant: call.tenant, callUrn: call.urn, airport: call.airport });
}
