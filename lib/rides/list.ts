import { and, asc, eq, inArray } from "drizzle-orm";
import { passengerGroups, passengers, rideVouchers, type RideVoucherRow } from "@/db/schema";
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
  /** the group's booking reference and its passengers' names, as the case reads now (null/empty when not known) */
  pnr: string | null;
  passengerNames: string[];
  reservationUrn: string;
  /** a wheelchair-accessible car was asked for */
  accessible: boolean;
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
export function toRideRecord(row: RideVoucherRow, group: { pnr: string | null; passengerNames: string[] } = { pnr: null, passengerNames: [] }): RideVoucherRecord {
  const r = maskedRide(row);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    urn: r.urn,
    caseUrn: r.caseUrn,
    groupId: r.groupId,
    pnr: group.pnr,
    passengerNames: group.passengerNames,
    reservationUrn: r.reservationUrn,
    accessible: r.accessible,
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
  const groups = await groupsOf(ctx, kase.urn, [...new Set(rows.map((r) => r.groupId))]);
  return { items: rows.map((r) => toRideRecord(r, groups.get(r.groupId))) };
}

/** Each group's PNR and its passengers' names (one read each, only for the groups holding a voucher): the desk names who rides, not an id. */
async function groupsOf(ctx: Ctx, caseUrn: string, groupIds: string[]): Promise<Map<string, { pnr: string | null; passengerNames: string[] }>> {
  const out = new Map<string, { pnr: string | null; passengerNames: string[] }>();
  if (!groupIds.length) return out;
  const pnrs = await ctx.db.select({ groupId: passengerGroups.groupId, pnr: passengerGroups.pnr }).from(passengerGroups).where(and(eq(passengerGroups.caseUrn, caseUrn), inArray(passengerGroups.groupId, groupIds)));
  for (const g of pnrs) out.set(g.groupId, { pnr: g.pnr, passengerNames: [] });
  const people = await ctx.db
    .select({ groupId: passengers.groupId, firstName: passengers.firstName, lastName: passengers.lastName, passengerId: passengers.passengerId })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), inArray(passengers.groupId, groupIds)))
    .orderBy(asc(passengers.lastName), asc(passengers.firstName), asc(passengers.passengerId));
  for (const p of people) {
    const name = [p.firstName, p.lastName].filter(Boolean).join(" ") || p.passengerId;
    const g = out.get(p.groupId) ?? { pnr: null, passengerNames: [] };
    g.passengerNames.push(name);
    out.set(p.groupId, g);
  }
  return out;
}
