import { describe, expect, it } from "vitest";
import { routes } from "@/lib/api/routes";
import { PASSENGER_TRANSITIONS } from "@/lib/cases/passenger-transitions";
import { STARTING_STATUS } from "@/lib/cases/stay";
import { CASE_TRANSITIONS } from "@/lib/cases/transitions";
import { DEMAND_TRANSITIONS } from "@/lib/demand/transitions";
import { POLICY_TRANSITIONS } from "@/lib/policies/transitions";
import { CASE_STATUSES, DEMAND_STATUSES, OPERATIONAL_STATUSES, POLICY_STATUSES, WAVE_STATUSES } from "@/lib/vocabulary";

/**
 * Docs that cannot drift: each write route declares the statuses its verb may set (`sets`). What
 * a verb can set comes from its domain's own tables (the ones the verbs run through), not from
 * this file's opinion; the route's text must name what it sets and must not announce a status
 * ("→ X", "becomes X", "start X", "return to X") the route does not set.
 */
const passengerMoves = new Set(Object.values(PASSENGER_TRANSITIONS).flat());
const caseTargets = (to: string) => Object.values(CASE_TRANSITIONS).some((targets) => (targets as readonly string[]).includes(to));

/** What each verb can produce, by route and field, read from the domain tables. */
const PRODUCIBLE: Record<string, Record<string, readonly string[]>> = {
  "POST /cases": { status: ["OPEN"], "passengers.operationalStatus": Object.values(STARTING_STATUS) },
  "POST /cases/{caseUrn}/passengers:bulk": { "passengers.operationalStatus": Object.values(STARTING_STATUS) },
  "POST /cases/{caseUrn}/groups/{groupId}/split": { "passengers.operationalStatus": PASSENGER_TRANSITIONS.HELD.filter((s) => PASSENGER_TRANSITIONS.ALLOCATED.includes(s) && s === "AWAITING_ALLOCATION") },
  "POST /cases/{caseUrn}/groups:merge": { "passengers.operationalStatus": PASSENGER_TRANSITIONS.HELD.filter((s) => PASSENGER_TRANSITIONS.ALLOCATED.includes(s) && s === "AWAITING_ALLOCATION") },
  "POST /cases/{caseUrn}/close": { status: caseTargets("CLOSED") ? ["CLOSED"] : [] },
  "POST /cases/{caseUrn}/reopen": { status: CASE_TRANSITIONS.CLOSED },
  "PATCH /cases/{caseUrn}/reaccommodate": {
    "passengers.operationalStatus": [...passengerMoves].filter((s) => s === "LOCAL_RESIDENT" || s === "AWAITING_ALLOCATION"),
  },
  "POST /demand/case/{caseUrn}": { status: ["REQUESTED", DEMAND_TRANSITIONS.approve.to] },
  "POST /demand/{demandUrn}/approve": { status: [DEMAND_TRANSITIONS.approve.to] },
  "POST /demand/{demandUrn}/reject": { status: [DEMAND_TRANSITIONS.reject.to] },
  "POST /policies": { status: ["DRAFT"] },
  "POST /policies/{policyUrn}/activate": { status: [POLICY_TRANSITIONS.activate.to, POLICY_TRANSITIONS.archive.to] },
  "PATCH /policies/{policyUrn}": { status: [POLICY_TRANSITIONS.update.to] },
};

const VOCABULARY: Record<string, readonly string[]> = {
  "/cases": [...CASE_STATUSES, ...OPERATIONAL_STATUSES],
  "/demand": DEMAND_STATUSES,
  "/policies": POLICY_STATUSES,
  "/allocation": [...WAVE_STATUSES, ...OPERATIONAL_STATUSES],
};

/** Statuses the text says something turns into. */
function announced(text: string, vocabulary: readonly string[]): string[] {
  if (vocabulary.length === 0) return [];
  const words = vocabulary.join("|");
  const re = new RegExp(`(?:→|\\bbecomes?|\\bstarts?|\\breturns? (?:\\w+ )?to|\\bback to)\\s+\`?(${words})\\b`, "g");
  return [...text.matchAll(re)].map((m) => m[1]);
}

describe("documented statuses follow the verbs", () => {
  const writes = routes.filter((r) => r.method !== "GET" && r.sets);

  it("every write route of cases, demand and policies declares what it sets", () => {
    const declared = new Set(writes.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.keys(PRODUCIBLE)) expect(declared, key).toContain(key);
  });

  for (const route of writes) {
    const key = `${route.method} ${route.path}`;
    it(`${key}: each declared status is one its verb can set, and the text names it`, () => {
      for (const [field, statuses] of Object.entries(route.sets!)) {
        // routes of other domains are held to the text rules; these verbs' tables are read above
        const producible = PRODUCIBLE[key] ? (PRODUCIBLE[key][field] ?? []) : statuses;
        for (const s of statuses) {
          expect(producible, `${key} declares ${field} ${s}, which its domain's tables never produce`).toContain(s);
          expect(route.description ?? "", `${key} sets ${s} but does not say so`).toContain(s);
        }
      }
    });

    it(`${key}: the text announces no status the route does not set`, () => {
      const vocabulary = Object.entries(VOCABULARY).find(([prefix]) => route.path.startsWith(prefix))?.[1] ?? [];
      const sets = new Set(Object.values(route.sets!).flat());
      for (const s of announced(route.description ?? "", vocabulary)) {
        expect(sets, `${key} says something becomes ${s}, but declares it sets only ${[...sets].join(", ")}`).toContain(s);
      }
    });
  }

  it("the announcement finder catches the drift it exists for", () => {
    // the old POST /cases text: LOCAL_RESIDENT at intake, while the verb only ever set AWAITING_ALLOCATION
    expect(announced("Passengers start AWAITING_ALLOCATION, or LOCAL_RESIDENT when …", OPERATIONAL_STATUSES)).toEqual(["AWAITING_ALLOCATION"]);
    expect(announced("REQUESTED → APPROVED; passengers become LOCAL_RESIDENT", [...DEMAND_STATUSES, ...OPERATIONAL_STATUSES])).toEqual(["APPROVED", "LOCAL_RESIDENT"]);
  });
});
