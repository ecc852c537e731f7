import { describe, expect, it } from "vitest";
import { roomsFor, groupTier } from "@/lib/cases/rooms";
import { computeStay, localDate } from "@/lib/cases/stay";
import { CASE_TRANSITIONS, canTransition, transitionError } from "@/lib/cases/transitions";
import { CASE_STATUSES } from "@/lib/cases/schemas";

const flight = (at: string) => ({ number: "AF1", origin: "CDG", destination: "JFK", scheduledDeparture: at, status: "CANCELLED" as const });

describe("rooms and tiers", () => {
  it("needs one room per two passengers, rounded up, and one per crew member", () => {
    expect(roomsFor([])).toBe(0);
    expect(roomsFor(["ECONOMY"])).toBe(1);
    expect(roomsFor(["ECONOMY", "ECONOMY", "ECONOMY"])).toBe(2);
    expect(roomsFor(["CREW", "CREW", "CREW"])).toBe(3);
    expect(roomsFor(["CREW", "BUSINESS", "BUSINESS"])).toBe(2);
  });
  it("derives the group tier or the mixed flag", () => {
    expect(groupTier(["FIRST", "FIRST"])).toEqual({ tier: "FIRST", mixedTier: false });
    expect(groupTier(["FIRST", "ECONOMY"])).toEqual({ tier: null, mixedTier: true });
  });
});

describe("stay", () => {
  it("counts calendar nights in the airport's time zone, at least 1", () => {
    expect(computeStay(flight("2026-11-21T18:00:00Z"), { number: "AF2", scheduledDeparture: "2026-11-24T08:00:00Z" }, "Europe/Paris")).toMatchObject({ nights: 3, overnight: true });
    expect(computeStay(flight("2026-11-21T18:00:00Z"), { number: "AF2", scheduledDeparture: "2026-11-21T22:00:00Z" }, "Europe/Paris")).toMatchObject({ nights: 1, overnight: false });
    // 23:30 UTC is already the next day in Tokyo
    expect(computeStay(flight("2026-11-21T10:00:00Z"), { number: "AF2", scheduledDeparture: "2026-11-21T23:30:00Z" }, "Asia/Tokyo")).toMatchObject({ nights: 1, overnight: true });
    expect(computeStay(flight("2026-11-21T10:00:00Z"), null, "UTC")).toBeNull();
    // stranded at 03:00 Paris time: the night is under way, even with a connection at 20:00 the same day
    expect(computeStay(flight("2026-11-22T02:00:00Z"), { number: "AF2", scheduledDeparture: "2026-11-22T19:00:00Z" }, "Europe/Paris")).toMatchObject({ nights: 1, overnight: true });
    // 14:00 → 21:00 the same day: no overnight gap
    expect(computeStay(flight("2026-11-22T13:00:00Z"), { number: "AF2", scheduledDeparture: "2026-11-22T20:00:00Z" }, "Europe/Paris")).toMatchObject({ nights: 1, overnight: false });
  });
  it("reads an unknown zone as UTC", () => {
    expect(localDate("2026-11-21T23:30:00Z", "Mars/Olympus")).toBe("2026-11-21");
  });
});

describe("case transitions", () => {
  it("lets CLOSED only be reopened, refusing the rest with CASE_CLOSED", () => {
    expect(CASE_TRANSITIONS.CLOSED).toEqual(["REOPENED"]);
    for (const to of CASE_STATUSES.filter((s) => s !== "REOPENED")) expect(transitionError("CLOSED", to)?.code).toBe("CASE_CLOSED");
  });
  it("lets every open status close, and only CLOSED reopen", () => {
    for (const from of CASE_STATUSES.filter((s) => s !== "CLOSED")) {
      expect(canTransition(from, "CLOSED")).toBe(true);
      expect(transitionError(from, "REOPENED")).toMatchObject({ status: 409, code: "INVALID_TRANSITION" });
    }
  });
  it("says why a move is refused", () => {
    expect(transitionError("OPEN", "ACCOMMODATED")?.message).toMatch(/OPEN case cannot move to ACCOMMODATED/);
    expect(transitionError("OPEN", "OPEN")?.message).toMatch(/already OPEN/);
  });
});
