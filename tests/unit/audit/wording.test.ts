import { describe, expect, it } from "vitest";
import { diff } from "@/lib/audit/diff";
import { actionWords, changeWords, fieldWords, inReadingOrder, refusalWords, subjectsIn, timeWords, valueWords, type WordingNames } from "@/lib/audit/wording";

const SAM = "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d20";
const POLICY = "urn:svc:policy:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d21";
const CASE = "urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d22";
const names: WordingNames = {
  users: { [SAM]: "Sam Supervisor" },
  policies: { [POLICY]: { name: "CDG economy", version: 3 } },
  entities: { [CASE]: { label: "AF1234 CDG→JFK, 21 Nov" } },
};

/** The line a person reads for a change, as the audit table renders it. */
const line = (c: Parameters<typeof changeWords>[0]) => {
  const w = changeWords(c, names);
  return `${w.field}: ${w.before === null ? "" : `${w.before} → `}${w.after}`;
};

describe("audit wording", () => {
  it("a demand's approval reads as words: status, decision by name, policy by name, time readable", () => {
    const before = { status: "REQUESTED", automatic: false, approval: null, roomsRequested: 2 };
    const after = {
      status: "APPROVED",
      automatic: false,
      approval: { decidedBy: SAM, decidedAt: "2026-11-24T23:10:00.000Z", reason: "duty manager agreed", policyUrn: POLICY, policyVersion: 3 },
      roomsRequested: 2,
    };
    const lines = inReadingOrder(diff(before, after)).map(line);
    expect(lines[0]).toBe("Status: requested → approved");
    const decision = lines.find((l) => l.startsWith("Decision: "));
    expect(decision).toBe("Decision: decided by Sam Supervisor; decided at 24 Nov 2026 23:10 UTC; reason duty manager agreed; policy “CDG economy” v3; policy version 3");
    expect(lines.join("\n")).not.toMatch(/urn:svc:|\{|"/);
  });

  it("a group keyed by its PNR keeps the PNR as typed, in a field's name and in a summary", () => {
    expect(fieldWords("passengerGroups.T7YU4G.passengerIds")).toBe("Passenger groups › T7YU4G › passenger ids");
    expect(fieldWords("passengerGroups.T7YU4G-2.rooms")).toBe("Passenger groups › T7YU4G-2 › rooms");
    expect(valueWords({ T7YU4G: { rooms: 1 } })).toBe("T7YU4G 1 field");
    // the service's own words are still worded
    expect(fieldWords("policies.ECONOMY")).toBe("Policies › economy");
  });

  it("times in changes follow the page's choice: the page's formatter when it gives one, else UTC labelled", () => {
    const retime = { field: "scheduledAt", before: "2026-11-25T04:20:00.000Z", after: "2026-11-25T04:10:00.000Z" };
    const paris = (iso: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso)) + " CET";
    expect(changeWords(retime, { ...names, time: paris })).toEqual({ field: "Pickup", before: "05:20 CET", after: "05:10 CET" });
    expect(changeWords(retime, names)).toEqual({ field: "Pickup", before: "25 Nov 2026 04:20 UTC", after: "25 Nov 2026 04:10 UTC" });
  });

  it("fields and enum values in words; codes that are not vocabulary stay as written", () => {
    expect(fieldWords("roomsRequested")).toBe("Rooms requested");
    expect(fieldWords("constraints.minStars")).toBe("Constraints › min stars");
    expect(fieldWords("assignedTo")).toBe("Claimed by");
    expect(valueWords("MANUAL_REVIEW")).toBe("manual review");
    expect(valueWords("CHECKED_OUT")).toBe("checked out");
    expect(valueWords("REBOOKED")).toBe("rebooked");
    expect(valueWords("CDG")).toBe("CDG");
    expect(valueWords("AF1234")).toBe("AF1234");
    expect(valueWords(true)).toBe("yes");
    expect(valueWords(null)).toBe("none");
    expect(valueWords({ amount: 238, currency: "EUR" })).toBe("238 EUR");
    expect(valueWords(["G1", "G2", "G3", "G4", "G5"])).toBe("G1, G2, G3 and 2 more");
    expect(valueWords(CASE, names)).toBe("AF1234 CDG→JFK, 21 Nov");
    expect(valueWords("urn:svc:wave:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d99", names)).toBe("an allocation wave");
    expect(valueWords("system:escalate-review-sla")).toBe("automatic (escalate review sla)");
    expect(timeWords("2026-11-21T18:05:00Z")).toBe("21 Nov 2026 18:05 UTC");
    // a reason that names a policy names it by its name
    expect(valueWords(`auto-approved under policy ${POLICY} v3`, names)).toBe("auto-approved under policy “CDG economy” v3");
    expect(valueWords(`moved from urn:svc:wave:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d99`, names)).toBe("moved from an allocation wave");
  });

  it("a claim reads 'Claimed by: none → Sam Supervisor', a new field shows only its value", () => {
    expect(line({ field: "assignedTo", before: null, after: SAM })).toBe("Claimed by: Sam Supervisor");
    expect(line({ field: "state", before: "OPEN", after: "CLAIMED" })).toBe("State: open → claimed");
    expect(line({ field: "vehicle", before: null, after: { vehicleId: "V12", driver: { name: "Ines" }, plate: null } })).toBe("Vehicle: vehicle id V12; driver 1 field");
    expect(line({ field: "vehicle", before: { vehicleId: "V12" }, after: null })).toBe("Vehicle: vehicle id V12 → none");
  });

  it("actions in words", () => {
    expect(actionWords("demand", "approve")).toBe("Demand approved");
    expect(actionWords("case", "split")).toBe("Group split");
    expect(actionWords("case", "close")).toBe("Case closed");
    expect(actionWords("segment", "retime")).toBe("Ride retimed");
    expect(actionWords("review", "claim")).toBe("Review item claimed");
    expect(actionWords("case", "access-denied")).toBe("Request refused");
    expect(actionWords("gizmo", "frob-it")).toBe("Gizmo frob it");
  });

  it("a refused request's reason is its message; the path is kept apart", () => {
    expect(refusalWords("GET /api/v1/audit: FORBIDDEN: Your roles (FEED) may not read the audit.")).toEqual({ why: "Your roles (FEED) may not read the audit.", request: "GET /api/v1/audit" });
    expect(refusalWords("console: OUT_OF_SCOPE: Airport LHR is outside your airports.")).toEqual({ why: "Airport LHR is outside your airports.", request: "a console action" });
    expect(refusalWords("something else")).toEqual({ why: "something else", request: null });
  });

  it("finds the people and policies changes name, for one lookup", () => {
    const found = subjectsIn([{ field: "approval", before: null, after: { decidedBy: SAM, policyUrn: POLICY } }, { field: "createdBy", before: null, after: "client:airline-feed" }]);
    expect(found.sort()).toEqual([POLICY, SAM, "client:airline-feed"].sort());
  });
});
