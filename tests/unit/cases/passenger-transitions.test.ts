import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import {
  PASSENGER_TRANSITIONS,
  canMovePassenger,
  passengerMoveError,
  passengerSourcesOf,
} from "@/lib/cases/passenger-transitions";
import { OPERATIONAL_STATUSES, type OperationalStatus } from "@/lib/vocabulary";

const reachable = (start: OperationalStatus) => {
  const seen = new Set<OperationalStatus>([start]);
  const queue = [start];
  while (queue.length) {
    for (const next of PASSENGER_TRANSITIONS[queue.shift()!]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
};

describe("passenger operationalStatus transitions", () => {
  it("lists every status of the vocabulary, and only those, with no self-moves", () => {
    expect(Object.keys(PASSENGER_TRANSITIONS).sort()).toEqual([...OPERATIONAL_STATUSES].sort());
    for (const [from, tos] of Object.entries(PASSENGER_TRANSITIONS)) {
      expect(tos).not.toContain(from);
      for (const to of tos) expect(OPERATIONAL_STATUSES).toContain(to);
      expect(new Set(tos).size).toBe(tos.length);
    }
  });

  it("follows allocation: a wave places or holds, a rerun releases, booking follows placement", () => {
    expect(canMovePassenger("AWAITING_ALLOCATION", "ALLOCATED")).toBe(true);
    expect(canMovePassenger("AWAITING_ALLOCATION", "HELD")).toBe(true);
    expect(canMovePassenger("HELD", "ALLOCATED")).toBe(true);
    expect(canMovePassenger("HELD", "AWAITING_ALLOCATION")).toBe(true);
    expect(canMovePassenger("ALLOCATED", "BOOKED")).toBe(true);
    expect(canMovePassenger("ALLOCATED", "HELD")).toBe(true);
    expect(canMovePassenger("ALLOCATED", "AWAITING_ALLOCATION")).toBe(true);
    expect(canMovePassenger("BOOKED", "CHECKED_OUT")).toBe(true);
    expect(canMovePassenger("BOOKED", "CANCELLED")).toBe(true);
    expect(canMovePassenger("BOOKED", "AWAITING_ALLOCATION")).toBe(true);
  });

  it("refuses skipping steps: nobody is booked without an allocation or checks out without a booking", () => {
    expect(canMovePassenger("AWAITING_ALLOCATION", "BOOKED")).toBe(false);
    expect(canMovePassenger("HELD", "BOOKED")).toBe(false);
    expect(canMovePassenger("AWAITING_ALLOCATION", "CHECKED_OUT")).toBe(false);
    expect(canMovePassenger("ALLOCATED", "CHECKED_OUT")).toBe(false);
    expect(canMovePassenger("LOCAL_RESIDENT", "ALLOCATED")).toBe(false);
    expect(passengerSourcesOf("BOOKED")).toEqual(["ALLOCATED"]);
    expect(passengerSourcesOf("CHECKED_OUT")).toEqual(["BOOKED"]);
  });

  it("covers what reaccommodation does today: not-yet-booked passengers go home, and come back with an overnight gap", () => {
    for (const from of ["AWAITING_ALLOCATION", "ALLOCATED", "HELD"] as const) expect(canMovePassenger(from, "LOCAL_RESIDENT")).toBe(true);
    expect(canMovePassenger("LOCAL_RESIDENT", "AWAITING_ALLOCATION")).toBe(true);
    // releaseAllocation (split, merge): ALLOCATED and HELD passengers await allocation again
    expect(passengerSourcesOf("AWAITING_ALLOCATION")).toEqual(expect.arrayContaining(["ALLOCATED", "HELD", "LOCAL_RESIDENT"]));
  });

  it("makes CHECKED_OUT final and every other status able to end there or in CANCELLED", () => {
    expect(PASSENGER_TRANSITIONS.CHECKED_OUT).toEqual([]);
    for (const s of OPERATIONAL_STATUSES) {
      if (s === "CHECKED_OUT") continue;
      expect(reachable(s).has("CHECKED_OUT")).toBe(true);
      expect(reachable(s).has("CANCELLED")).toBe(true);
    }
  });

  it("names both ends and the allowed moves in a 409 INVALID_TRANSITION", () => {
    const err = passengerMoveError("HELD", "BOOKED", "P1");
    expect(err).toBeInstanceOf(DomainError);
    expect(err.status).toBe(409);
    expect(err.code).toBe("INVALID_TRANSITION");
    expect(err.message).toContain("Passenger P1 is HELD");
    expect(err.message).toContain("HELD → BOOKED");
    expect(err.message).toContain("ALLOCATED, AWAITING_ALLOCATION");
    expect(passengerMoveError("CHECKED_OUT", "BOOKED").message).toContain("nothing: it is final");
  });
});
