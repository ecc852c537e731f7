import { and, asc, eq } from "drizzle-orm";
import { rideVouchers, type RideVoucherRow } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { CaseRef } from "@/lib/cases/inputs";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { maskedRide } from "./masked";

export type RideVoucherRecord = {
  urn: string;
  caseUrn: string;
  groupId: string;
  reservationUrn: string;
  direction: RideVoucherRow["direction"];
  reason: string;
  status: RideVoucherRow["status"];
  pickupAt: string;
  passengers: number;
  maxAmount: number;
  currency: string;
  code: string | null;
  link: string | null;
  attempts: number;
  lastError: string | null;
  issuedAt: string | null;
  usedAt: string | null;
  usedAmount: number | null;
  cancelledAt: string | null;
  cancelReason: string | null;
};

/** A ride voucher as staff see it (the API, the case page): its code and link masked (./masked.ts), as meal codes are. */
export function toRideRecord(row: RideVoucherRow): RideVoucherRecord {
  const r = maskedRide(row);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    urn: r.urn,
    caseUrn: r.caseUrn,
    groupId: r.groupId,
    reservationUrn: r.reservationUrn,
    direction: r.direction,
    reason: r.reason,
    status: r.status,
    pickupAt: r.pickupAt.toISOString(),
    passengers: r.passengers,
    maxAmount: r.maxAmount,
    currency: r.currency,
    code: r.code,
    link: r.link,
    attempts: r.attempts,
    lastError: r.lastError,
    issuedAt: iso(r.issuedAt),
    usedAt: iso(r.usedAt),
    usedAmount: r.usedAmount,
    cancelledAt: iso(r.cancelledAt),
    cancelReason: r.cancelReason,
  };
}

/** GET /cases/{caseUrn}/ride-vouchers: the case's taxi vouchers by pickup, for the roles that read the case (its 404/403 rules through loadCase). */
export async function listCaseRideVouchers({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<{ items: RideVoucherRecord[] }> {
  requirePermission(ctx, "case:read", "read a case's ride vouchers");
  const { caseUrn } = parseInput(CaseRef, { caseUrn: input.caseUrn });
  const kase = await loadCase(ctx, caseUrn);
  const rows = await ctx.db
    .select()
    .from(rideVouchers)
    .where(and(eq(rideVouchers.tenant, kase.tenant), eq(rideVouchers.caseUrn, kase.urn)))
    .orderBy(asc(rideVouchers.pickupAt), asc(rideVouchers.urn));
  return { items: rows.map(toRideRecord) };
}
