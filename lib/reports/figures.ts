import { z } from "zod";
import { CareComplianceRow } from "./care-compliance-schemas";
import { type AirportFigures, ReportBody, WorstHotel } from "./schemas";

const HotelWalkBasis = z.object({ hotelName: z.string().nullable(), walks: z.number().int(), rehoused: z.number().int() });

/**
 * What one airport's figures are made of, kept with the report (never answered): sums and counts,
 * and the times to resolve for the p90. Every row of the report, the tenant's total included, is
 * derived from these, so the total over any set of airports (what a principal limited to some
 * airports is shown) is exact and agrees with the rows. Times in milliseconds (integers).
 */
export const AirportBasis = z.object({
  airport: z.string(),
  resolveMs: z.array(z.number()),
  byCategory: z.record(z.string(), z.number().int()),
  accepted: z.number().int(),
  acceptedAgent: z.number().int(),
  slaBreaches: z.number().int(),
  cases: z.number().int(),
  firstVoucherMs: z.object({ sum: z.number(), n: z.number().int() }),
  lastGroupHousedMs: z.object({ sum: z.number(), n: z.number().int() }),
  passengers: z.number().int(),
  housed: z.number().int(),
  housedWithin30: z.number().int(),
  /** review items opened in the week per policy behind their wave */
  failingPolicies: z.record(z.string(), z.number().int()),
  /** failed reservations made in the week per provider */
  failingProviders: z.record(z.string(), z.number().int()),
  // passengers reached (lib/reports/passenger-outcomes.ts); absent from reports kept before they were counted
  /** passengers whose first voucher was made in the week */
  vouchered: z.number().int().default(0),
  /** of them, with an email address, and those an email reached within 10 minutes of the voucher */
  emailable: z.number().int().default(0),
  emailWithin10: z.number().int().default(0),
  /** of them, with a phone number, and those an SMS reached (delivered) within 10 minutes */
  phoneable: z.number().int().default(0),
  smsWithin10: z.number().int().default(0),
  /** passengers of the week's cases who chose another hotel on their page, or declined the hotel */
  choseOtherHotel: z.number().int().default(0),
  declined: z.number().int().default(0),
  /** meal vouchers of live cases issued in the week (still ISSUED or since REDEEMED; lib/reports/meal-vouchers.ts), and their face value by currency */
  mealVouchersIssued: z.number().int().default(0),
  mealVoucherCost: z.record(z.string(), z.number()).default({}),
  /** stays the hotels walked in the week, per hotel URN, and those rehoused (lib/reports/walks.ts) */
  walks: z.record(z.string(), HotelWalkBasis).default({}),
});
export type AirportBasis = z.infer<typeof AirportBasis>;

export const emptyBasis = (airport: string): AirportBasis => ({
  airport, resolveMs: [], byCategory: {}, accepted: 0, acceptedAgent: 0, slaBreaches: 0, cases: 0,
  firstVoucherMs: { sum: 0, n: 0 }, lastGroupHousedMs: { sum: 0, n: 0 }, passengers: 0, housed: 0, housedWithin30: 0,
  failingPolicies: {}, failingProviders: {},
  vouchered: 0, emailable: 0, emailWithin10: 0, phoneable: 0, smsWithin10: 0, choseOtherHotel: 0, declined: 0,
  mealVouchersIssued: 0, mealVoucherCost: {}, walks: {},
});

const addCounts = (a: Record<string, number>, b: Record<string, number>) => {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
};

/** The basis of several airports together (their sums added, their times pooled). */
export function mergeBases(airport: string, bases: AirportBasis[]): AirportBasis {
  return bases.reduce<AirportBasis>(
    (m, b) => ({
      airport,
      resolveMs: [...m.resolveMs, ...b.resolveMs],
      byCategory: addCounts(m.byCategory, b.byCategory),
      accepted: m.accepted + b.accepted,
      acceptedAgent: m.acceptedAgent + b.acceptedAgent,
      slaBreaches: m.slaBreaches + b.slaBreaches,
      cases: m.cases + b.cases,
      firstVoucherMs: { sum: m.firstVoucherMs.sum + b.firstVoucherMs.sum, n: m.firstVoucherMs.n + b.firstVoucherMs.n },
      lastGroupHousedMs: { sum: m.lastGroupHousedMs.sum + b.lastGroupHousedMs.sum, n: m.lastGroupHousedMs.n + b.lastGroupHousedMs.n },
      passengers: m.passengers + b.passengers,
      housed: m.housed + b.housed,
      housedWithin30: m.housedWithin30 + b.housedWithin30,
      failingPolicies: addCounts(m.failingPolicies, b.failingPolicies),
      failingProviders: addCounts(m.failingProviders, b.failingProviders),
      vouchered: m.vouchered + b.vouchered,
      emailable: m.emailable + b.emailable,
      emailWithin10: m.emailWithin10 + b.emailWithin10,
      phoneable: m.phoneable + b.phoneable,
      smsWithin10: m.smsWithin10 + b.smsWithin10,
      choseOtherHotel: m.choseOtherHotel + b.choseOtherHotel,
      declined: m.declined + b.declined,
      mealVouchersIssued: m.mealVouchersIssued + b.mealVouchersIssued,
      mealVoucherCost: roundedCost(addCounts(m.mealVoucherCost, b.mealVoucherCost)),
      walks: addWalks(m.walks, b.walks),
    }),
    emptyBasis(airport),
  );
}

const addWalks = (a: AirportBasis["walks"], b: AirportBasis["walks"]) => {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = { hotelName: out[k]?.hotelName ?? v.hotelName, walks: (out[k]?.walks ?? 0) + v.walks, rehoused: (out[k]?.rehoused ?? 0) + v.rehoused };
  return out;
};

/** amounts by currency to the cent (a sum of floats drifts) */
const roundedCost = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Math.round(v * 100) / 100]));

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const toMinutes = (ms: number) => ms / 60_000;
const meanOf = (s: { sum: number; n: number }) => (s.n ? round1(toMinutes(s.sum) / s.n) : null);
/** nearest rank: the smallest value with at least 90% of the values at or below it */
const p90 = (xs: number[]) => (xs.length ? round1(toMinutes([...xs].sort((a, b) => a - b)[Math.ceil(0.9 * xs.length) - 1])) : null);
const share = (part: number, whole: number) => (whole ? round3(part / whole) : null);

export function figuresOf(b: AirportBasis): AirportFigures {
  const closedItems = b.resolveMs.length;
  return {
    airport: b.airport,
    closedItems,
    byCategory: b.byCategory,
    meanMinutesToResolve: meanOf({ sum: b.resolveMs.reduce((s, x) => s + x, 0), n: closedItems }),
    p90MinutesToResolve: p90(b.resolveMs),
    acceptedRecommendationShare: share(b.accepted, closedItems),
    agentRecommendationShare: share(b.acceptedAgent, closedItems),
    slaBreaches: b.slaBreaches,
    cases: b.cases,
    meanMinutesToFirstVoucher: meanOf(b.firstVoucherMs),
    meanMinutesToLastGroupHoused: meanOf(b.lastGroupHousedMs),
    passengers: b.passengers,
    passengersHoused: b.housed,
    housedWithin30MinShare: share(b.housedWithin30, b.passengers),
    passengersWithVoucher: b.vouchered,
    emailReachedWithin10MinShare: share(b.emailWithin10, b.emailable),
    smsReachedWithin10MinShare: share(b.smsWithin10, b.phoneable),
    choseOtherHotelShare: share(b.choseOtherHotel, b.passengers),
    declinedShare: share(b.declined, b.passengers),
    mealVouchersIssued: b.mealVouchersIssued,
    mealVoucherCost: roundedCost(b.mealVoucherCost),
  };
}

/** The report's figures from the bases: ALL (their total) first, then one row per airport; top 5 failing policies and providers; every hotel that walked a group, most walks first. */
export function bodyOf(bases: AirportBasis[]): ReportBody {
  const sorted = [...bases].sort((a, b) => a.airport.localeCompare(b.airport));
  const all = mergeBases("ALL", sorted);
  // an airport is a row when something happened there in the week (not only a failure counted in the lists)
  const shown = sorted.filter((b) => b.resolveMs.length > 0 || b.slaBreaches > 0 || b.cases > 0 || b.vouchered > 0 || b.mealVouchersIssued > 0 || Object.keys(b.walks).length > 0);
  return {
    airports: [figuresOf(all), ...shown.map(figuresOf)],
    topFailingPolicies: Object.entries(all.failingPolicies)
      .map(([policyUrn, items]) => ({ policyUrn, items }))
      .sort((a, b) => b.items - a.items || a.policyUrn.localeCompare(b.policyUrn))
      .slice(0, 5),
    topFailingProviders: Object.entries(all.failingProviders)
      .map(([provider, failedReservations]) => ({ provider, failedReservations }))
      .sort((a, b) => b.failedReservations - a.failedReservations || a.provider.localeCompare(b.provider))
      .slice(0, 5),
    walks: Object.entries(all.walks)
      .map(([hotelUrn, w]) => ({ hotelUrn, ...w }))
      .sort((a, b) => b.walks - a.walks || a.hotelUrn.localeCompare(b.hotelUrn)),
  };
}

/** What reports.body holds: the figures as computed for the whole tenant, and the bases they came from. */
export const StoredReportBody = ReportBody.extend({ basis: z.array(AirportBasis).optional(), care: z.array(CareComplianceRow).optional(), worst: z.array(WorstHotel).optional() });
export type StoredReportBody = z.infer<typeof StoredReportBody>;
