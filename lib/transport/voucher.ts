import type { TransportSegmentRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { liveSegmentsOf } from "./live-segments";

export type VoucherTransport = { pickupLocation: string; scheduledAt: Date; vehicle: string | null; dispatcherPhone: string | null; status: "PLANNED" | "ASSIGNED" };

/**
 * The ride a reservation's voucher shows (spec 2.6): the next live one (PLANNED or ASSIGNED), to the
 * hotel first, then back to the airport once that one is done; with the pickup point, the time,
 * the vehicle and driver once assigned, and the dispatcher's number. Null without transport.
 */
export async function voucherTransport(ctx: Ctx, reservation: { urn: string; caseUrn: string }): Promise<VoucherTransport | null> {
  return voucherTransportFrom(reservation.urn, await liveSegmentsOf(ctx, reservation.caseUrn, [reservation.urn]));
}

/** The same from rides read already (a chunk's live segments, lib/vouchers/model.ts): only the live ones that carry the stay count. */
export function voucherTransportFrom(reservationUrn: string, segments: readonly TransportSegmentRow[]): VoucherTransport | null {
  const mine = segments.filter((s) => (s.status === "PLANNED" || s.status === "ASSIGNED") && s.reservationUrns.includes(reservationUrn));
  // to the hotel first (the directions sort so), then by pickup
  const [segment] = mine.sort((a, b) => cmp(a.direction, b.direction) || a.scheduledAt.getTime() - b.scheduledAt.getTime() || cmp(a.urn, b.urn));
  if (!segment) return null;
  const v = segment.vehicle ?? {};
  const driver = v.driverName ?? v.driver;
  const vehicle = [v.plate, v.vehicleId && v.vehicleId !== v.plate ? v.vehicleId : null, driver ? `driver ${driver}` : null, v.driverPhone].filter(Boolean).join(", ") || null;
  return {
    pickupLocation: segment.pickupLocation ?? v.pickupLocation ?? (segment.direction === "AIRPORT_TO_HOTEL" ? "the airport's hotel shuttle area" : "the hotel's main entrance"),
    scheduledAt: segment.scheduledAt,
    vehicle,
    dispatcherPhone: v.dispatcherPhone ?? v.phone ?? null,
    status: segment.status as "PLANNED" | "ASSIGNED",
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
