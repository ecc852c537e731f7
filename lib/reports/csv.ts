import type { PolicyName } from "@/lib/policies/names";
import type { Report } from "./schemas";

const COLUMNS = [
  "airport", "closedItems", "meanMinutesToResolve", "p90MinutesToResolve", "acceptedRecommendationShare", "agentRecommendationShare", "slaBreaches",
  "cases", "meanMinutesToFirstVoucher", "meanMinutesToLastGroupHoused", "passengers", "passengersHoused", "housedWithin30MinShare",
  "passengersWithVoucher", "emailReachedWithin10MinShare", "smsReachedWithin10MinShare", "choseOtherHotelShare", "declinedShare",
] as const;

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  // quote what a spreadsheet would split or read as a formula
  return /[",\n\r]|^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The report as CSV: one line per airport (ALL first), then the categories, policies and
 * providers, then the walks by hotel. A policy is named (and versioned) beside its URN, which stays for lookups.
 */
export function reportCsv(r: Report, policies: Record<string, PolicyName> = {}): string {
  const categories = [...new Set(r.airports.flatMap((a) => Object.keys(a.byCategory)))].sort();
  const lines = [[...COLUMNS, ...categories.map((c) => `items:${c}`)].join(",")];
  for (const a of r.airports) lines.push([...COLUMNS.map((k) => cell(a[k])), ...categories.map((c) => cell(a.byCategory[c] ?? 0))].join(","));
  lines.push("", "policy,version,items,policyUrn", ...r.topFailingPolicies.map((p) => `${cell(policies[p.policyUrn]?.name)},${policies[p.policyUrn]?.version ?? ""},${p.items},${cell(p.policyUrn)}`));
  lines.push("", "provider,failedReservations", ...r.topFailingProviders.map((p) => `${cell(p.provider)},${p.failedReservations}`));
  lines.push("", "hotel,hotelUrn,walks,rehoused", ...r.walks.map((w) => `${cell(w.hotelName)},${cell(w.hotelUrn)},${w.walks},${w.rehoused}`));
  lines.push("", "worstHotel,airport,score,ratings,tags,hotelUrn", ...r.worstHotels.map((h) => [cell(h.name), cell(h.airport), h.score, h.ratings, cell(h.tags.map((t) => `${t.tag} ${t.count}`).join("; ")), cell(h.hotelUrn)].join(",")));
  return `${lines.join("\r\n")}\r\n`;
}
