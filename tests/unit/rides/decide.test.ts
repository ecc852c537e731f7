import { describe, expect, it } from "vitest";
import { decideRides, isNight, type RideDecisionInput, type RideSegment } from "@/lib/rides/decide";

const HOURS = { from: "05:00", until: "23:00" };
const R = "urn:svc:reservation:r1";

function seg(over: Partial<RideSegment> = {}): RideSegment {
  return { urn: "urn:svc:segment:a", direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T12:00:00Z", vehicleType: "SHUTTLE", status: "ASSIGNED", hasVehicle: true, fleetRefused: false, passengers: [{ groupId: "G1", reservationUrn: R }, { groupId: "G1", reservationUrn: R }, { groupId: "G2", reservationUrn: "urn:svc:reservation:r2" }], ...over };
}
const input = (segments: RideSegment[], over: Partial<RideDecisionInput> = {}): RideDecisionInput => ({ reservationUrn: R, groupId: "G1", transportOwed: true, segments, timeZone: "Europe/Paris", shuttleHours: HOURS, ...over });

describe("isNight (the airport's local wall clock)", () => {
  it("reads the boundaries in the zone: 05:00 and 22:59 are day, 04:59 and 23:00 night", () => {
    // Paris is UTC+1 in November
    expect(isNight("2026-11-21T04:00:00Z", "Europe/Paris", HOURS)).toBe(false);
    expect(isNight("2026-11-21T03:59:00Z", "Europe/Paris", HOURS)).toBe(true);
    expect(isNight("2026-11-21T21:59:00Z", "Europe/Paris", HOURS)).toBe(false);
    expect(isNight("2026-11-21T22:00:00Z", "Europe/Paris", HOURS)).toBe(true);
    // the same instant is day in New York (17:00)
    expect(isNight("2026-11-21T22:00:00Z", "America/New_York", HOURS)).toBe(false);
    // summer time moves it: 21:30Z is 23:30 in Paris in July
    expect(isNight("2026-07-01T21:30:00Z", "Europe/Paris", HOURS)).toBe(true);
  });

  it("reads hours that wrap midnight", () => {
    const wrap = { from: "22:00", until: "02:00" };
    expect(isNight("2026-11-21T23:30:00Z", "UTC", wrap)).toBe(false);
    expect(isNight("2026-11-21T12:00:00Z", "UTC", wrap)).toBe(true);
  });
});

describe("decideRides", () => {
  it("a daytime shuttle with a vehicle: no voucher", () => {
    expect(decideRides(input([seg()]))).toEqual([]);
  });

  it("NIGHT: a pickup outside the shuttle hours, one voucher for the group's riders on it", () => {
    expect(decideRides(input([seg({ scheduledAt: "2026-11-21T23:30:00Z" })]))).toEqual([{ direction: "AIRPORT_TO_HOTEL", reason: "NIGHT", pickupAt: "2026-11-21T23:30:00Z", passengers: 2, segmentUrn: "urn:svc:segment:a", accessible: false }]);
  });

  it("a wheelchair user's ride (their accessible van, or a WHEELCHAIR requirement) asks for an accessible car, day or night, whatever the reason", () => {
    const night = "2026-11-21T23:30:00Z";
    expect(decideRides(input([seg({ scheduledAt: night, vehicleType: "WHEELCHAIR_VAN" })]))[0]).toMatchObject({ reason: "NIGHT", accessible: true });
    expect(decideRides(input([seg({ scheduledAt: night, specialRequirements: ["WHEELCHAIR"] })]))[0]).toMatchObject({ accessible: true });
    expect(decideRides(input([seg({ status: "PLANNED", hasVehicle: false, fleetRefused: true, vehicleType: "WHEELCHAIR_VAN" })]))[0]).toMatchObject({ reason: "FLEET_UNAVAILABLE", accessible: true });
    // other needs take no accessible car
    expect(decideRides(input([seg({ scheduledAt: night, specialRequirements: ["INFANT"] })]))[0]).toMatchObject({ accessible: false });
  });

  it("CAR_TIER: a PRIVATE_CAR or TAXI ride (the tier's mode), day or night, both directions", () => {
    const out = decideRides(input([seg({ vehicleType: "PRIVATE_CAR" }), seg({ urn: "urn:svc:segment:b", direction: "HOTEL_TO_AIRPORT", vehicleType: "TAXI", scheduledAt: "2026-11-22T02:00:00Z" })]));
    expect(out.map((d) => [d.direction, d.reason])).toEqual([
      ["AIRPORT_TO_HOTEL", "CAR_TIER"],
      ["HOTEL_TO_AIRPORT", "CAR_TIER"],
    ]);
  });

  it("FLEET_UNAVAILABLE: only a ride a fleet was asked for and refused; a PLANNED ride never asked (or with no fleet) is not", () => {
    const refused = seg({ status: "PLANNED", hasVehicle: false, fleetRefused: true });
    expect(decideRides(input([refused]))[0]).toMatchObject({ reason: "FLEET_UNAVAILABLE" });
    // not yet asked: another run may still be asking the fleet for it
    expect(decideRides(input([seg({ status: "PLANNED", hasVehicle: false })]))).toEqual([]);
    expect(decideRides(input([seg({ status: "PLANNED", hasVehicle: true, fleetRefused: true })]))).toEqual([]);
  });

  it("transport not owed: nothing, whatever the ride", () => {
    expect(decideRides(input([seg({ scheduledAt: "2026-11-21T23:30:00Z", vehicleType: "TAXI", status: "PLANNED", hasVehicle: false })], { transportOwed: false }))).toEqual([]);
  });

  it("reads only live rides the reservation is on, the first of each direction", () => {
    const other = seg({ urn: "urn:svc:segment:o", scheduledAt: "2026-11-21T23:30:00Z", passengers: [{ groupId: "G2", reservationUrn: "urn:svc:reservation:r2" }] });
    const cancelled = seg({ urn: "urn:svc:segment:c", scheduledAt: "2026-11-21T23:30:00Z", status: "CANCELLED" });
    expect(decideRides(input([other, cancelled]))).toEqual([]);
    const late = seg({ urn: "urn:svc:segment:z", scheduledAt: "2026-11-21T23:30:00Z" });
    const early = seg({ urn: "urn:svc:segment:y", scheduledAt: "2026-11-21T03:00:00Z" });
    expect(decideRides(input([late, early]))).toMatchObject([{ segmentUrn: "urn:svc:segment:y", reason: "NIGHT" }]);
  });
});
