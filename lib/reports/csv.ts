import { csvCell } from "@/lib/booking/bookings-csv";
import type { PolicyName } from "@/lib/policies/names";
import type { Report } from "./schemas";

const COLUMNS = [
  "airport", "closedItems", "meanMinutesToResolve", "p90MinutesToResolve", "acceptedRecommendationShare", "agentRecommendationShare", "slaBreaches",
  "cases", "meanMinutesToFirstVoucher", "meanMinutesToLastGroupHoused", "passengers", "passengersHoused", "housedWithin30MinShare",
  "passengersWithVoucher", "emailReachedWithin10MinShare", "smsReachedWithin10MinShare", "choseOtherHotelShare", "declinedShare",
] as const;

/**
 * The report as CSV: one line per airport (ALL first), then the categories, policies and
 * providers, then the walks by hotel. A policy is named (and versioned) beside its URN, which stays for lookups.
 * Every cell goes through csvCell, the one cell writer of the project's CSV files: a hotel's or a
 * policy's name starting with = + - @ is prefixed with ' so a spreadsheet shows it, never runs it
 * (quoting alone does not stop a formula).
 */
export function reportCsv(r: Report, policies: Record<string, PolicyName> = {}): string {
  const categories = [...new Set(r.airports.flatMap((a) => Object.keys(a.byCategory)))].sort();
  const line = (cells: unknown[]) => cells.map(csvCell).join(",");
  const lines = [line([...COLUMNS, ...categories.map((c) => `items:${c}`)])];
  for (const a of r.airports) lines.push(line([...COLUMNS.map((k) => a[k]), ...categories.map((c) => a.byCategory[c] ?? 0)]));
  lines.push("", "policy,version,items,policyUrn", ...r.topFailingPolicies.map((p) => line([policies[p.policyUrn]?.name, policies[p.policyUrn]?.version, p.items, p.policyUrn])));
  lines.push("", "provider,failedReservations", ...r.topFailingProviders.map((p) => line([p.provider, p.failedReservations])));
  lines.push("", "hotel,hotelUrn,walks,rehoused", ...r.walks.map((w) => line([w.hotelName, w.hotelUrn, w.walks, w.rehoused])));
  lines.push("", "worstHotel,airport,score,ratings,tags,hotelUrn", ...r.worstHotels.map((h) => line([h.name, h.airport, h.score, h.ratings, h.tags.map((t) => `${t.tag} ${t.count}`).join("; "), h.hotelUrn])));
  return `${lines.join("\r\n")}\r\n`;
}
