import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_TRANSPORT,
  type PlanExistingSegment,
  type PlanInput,
  type PlanResult,
  planTransport,
  transportFor,
  travelMinutes,
} from "@/lib/transport/plan";
import { SPECIAL_NEEDS, TIERS, TRANSPORT_MODES, type Tier } from "@/lib/vocabulary";

const SETTINGS = { slotMinutes: 30, arrivalLeadMinutes: 30, carCapacity: 4, vanCapacity: 6, speedKmh: 40, roadFactor: 1.3, loadMinutes: 10 };
const CDG = { code: "CDG", latitude: 49.0097, longitude: 2.5479 };
const HOTEL = { urn: "urn:svc:hotel:h1", name: "Hôtel du Terminal", address: "3 Rue de la Haye", latitude: 49.0, longitude: 2.55 };

const passengerArb = (id: string) =>
  fc.record({
    passengerId: fc.constant(id),
    tier: fc.option(fc.constantFrom(...TIERS), { nil: null, freq: 8 }),
    specialNeeds: fc.subarray([...SPECIAL_NEEDS], { maxLength: 2 }).map((n) => n.filter((x) => x !== "WHEELCHAIR")).chain((n) => fc.oneof({ weight: 6, arbitrary: fc.constant(n) }, { weight: 1, arbitrary: fc.constant([...n, "WHEELCHAIR" as const]) })),
    localResident: fc.boolean(),
  });

const reservationArb = (r: number) =>
  fc.integer({ min: 1, max: 9 }).chain((n) =>
    fc.record({
      reservationUrn: fc.constant(`urn:svc:reservation:r${String(r).padStart(2, "0")}`),
      groupId: fc.constant(`G${r}`),
      confirmedAt: fc.integer({ min: 0, max: 180 }).map((m) => new Date(Date.parse("2026-11-21T18:00:00Z") + m * 60_000).toISOString()),
      checkOut: fc.constant("2026-11-22T09:30:00Z"),
      passengers: fc.tuple(...Array.from({ length: n }, (_, i) => passengerArb(`P${r}-${i}`))),
    }),
  );

const policyArb = fc.record({
  mode: fc.constantFrom(...TRANSPORT_MODES),
  perTier: fc.dictionary(fc.constantFrom(...TIERS), fc.constantFrom(...TRANSPORT_MODES), { maxKeys: 3 }),
  minutesBeforePickup: fc.integer({ min: 0, max: 300 }),
  shuttleCapacity: fc.integer({ min: 1, max: 20 }),
});

const inputArb: fc.Arbitrary<PlanInput> = fc.record({
  airport: fc.constant(CDG),
  hotel: fc.constant(HOTEL),
  disruptionAt: fc.constant("2026-11-21T18:05:00Z"),
  nextDepartureAt: fc.option(fc.constantFrom("2026-11-22T09:30:00Z", "2026-11-22T14:10:00Z"), { nil: null }),
  reservations: fc.integer({ min: 1, max: 8 }).chain((k) => fc.tuple(...Array.from({ length: k }, (_, r) => reservationArb(r)))),
  existing: fc.constant([]),
  transportByTier: fc.dictionary(fc.constantFrom(...TIERS), policyArb, { maxKeys: 5 }) as fc.Arbitrary<PlanInput["transportByTier"]>,
  settings: fc.constant(SETTINGS),
});

/** Every segment after the plan: the existing ones (extended) and the new ones. */
function after(input: PlanInput, result: PlanResult): PlanExistingSegment[] {
  const extended = new Map(result.extend.map((e) => [e.urn, e]));
  return [
    ...input.existing.map((s) => {
      const e = extended.get(s.urn);
      return e ? { ...s, passengers: e.passengers, specialRequirements: e.specialRequirements } : s;
    }),
    ...result.create.map((c, i) => ({ ...c, urn: `urn:svc:segment:new${String(i).padStart(4, "0")}`, status: "PLANNED" as const })),
  ];
}

const ridersOf = (input: PlanInput) =>
  input.reservations.flatMap((r) => {
    const van = r.passengers.some((p) => !p.localResident && p.specialNeeds.includes("WHEELCHAIR"));
    return r.passengers.filter((p) => !p.localResident && (van || transportFor(input, p.tier).mode !== "NONE")).map((p) => ({ ...p, van, r }));
  });

const RUNS = { numRuns: 300 };

describe("transport planner properties", () => {
  it("no vehicle carries more than its capacity", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const s of after(input, planTransport(input))) expect(s.passengers.length).toBeLessThanOrEqual(s.capacity!);
      }),
      RUNS,
    );
  });

  it("every passenger who rides is on exactly one segment per direction; LOCAL_RESIDENT and NONE-mode passengers on none", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const segments = after(input, planTransport(input));
        const riders = new Set(ridersOf(input).map((p) => p.passengerId));
        for (const direction of ["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"] as const) {
          const aboard = segments.filter((s) => s.direction === direction).flatMap((s) => s.passengers.map((p) => p.passengerId));
          expect(aboard.length).toBe(new Set(aboard).size);
          expect(new Set(aboard)).toEqual(riders);
        }
      }),
      RUNS,
    );
  });

  it("wheelchair users, and their group with them, always ride a wheelchair van; everyone else the vehicle of their tier's mode", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const segments = after(input, planTransport(input));
        const vehicleOf = new Map<string, string>(segments.map((s) => s.passengers.map((p) => [`${s.direction}|${p.passengerId}`, s.vehicleType] as const)).flat());
        for (const p of ridersOf(input)) {
          for (const d of ["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"]) {
            const got = vehicleOf.get(`${d}|${p.passengerId}`);
            if (p.van) expect(got).toBe("WHEELCHAIR_VAN");
            else expect(got).toBe(transportFor(input, p.tier).mode);
          }
        }
      }),
      RUNS,
    );
  });

  it("carries every special need of the passengers aboard", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const needs = new Map(input.reservations.flatMap((r) => r.passengers.map((p) => [p.passengerId, p.specialNeeds] as const)));
        for (const s of after(input, planTransport(input))) {
          expect(s.specialRequirements).toEqual([...new Set(s.passengers.flatMap((p) => needs.get(p.passengerId)!))].sort());
        }
      }),
      RUNS,
    );
  });

  it("pickups to the hotel follow the confirmation; pickups to the airport leave time for the road and the tier's minutesBeforePickup", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const byPassenger = new Map(input.reservations.flatMap((r) => r.passengers.map((p) => [p.passengerId, { p, r }] as const)));
        const travel = travelMinutes(HOTEL, CDG, SETTINGS);
        for (const s of planTransport(input).create) {
          const at = Date.parse(s.scheduledAt);
          expect(at % (SETTINGS.slotMinutes * 60_000)).toBe(0);
          for (const seat of s.passengers) {
            const { p, r } = byPassenger.get(seat.passengerId)!;
            if (s.direction === "AIRPORT_TO_HOTEL") expect(at).toBeGreaterThanOrEqual(Math.max(Date.parse(r.confirmedAt), Date.parse(input.disruptionAt)) + 30 * 60_000);
            else {
              const departure = Date.parse(input.nextDepartureAt ?? r.checkOut);
              expect(at + (transportFor(input, p.tier).policy.minutesBeforePickup + travel) * 60_000).toBeLessThanOrEqual(departure);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("is deterministic (any order of the same reservations) and planning again changes nothing", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const first = planTransport(input);
        const reversed = planTransport({ ...input, reservations: [...input.reservations].reverse().map((r) => ({ ...r, passengers: [...r.passengers].reverse() })) });
        expect(reversed).toEqual(first);
        const again = planTransport({ ...input, existing: after(input, first) });
        expect(again.create).toEqual([]);
        expect(again.extend).toEqual([]);
      }),
      RUNS,
    );
  });

  it("a reservation confirmed later joins the PLANNED shuttle of its slot instead of a new one, up to capacity", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 7 }), (input, split) => {
        fc.pre(input.reservations.length > 1);
        const k = Math.min(split, input.reservations.length - 1);
        const early = { ...input, reservations: input.reservations.slice(0, k) };
        const firstPlan = planTransport(early);
        const existing = after(early, firstPlan);
        const second = planTransport({ ...input, existing });
        const combined = after({ ...input, existing }, second);
        // still exactly once per direction, and never over capacity, after the merge
        const riders = new Set(ridersOf(input).map((p) => p.passengerId));
        for (const d of ["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"]) {
          const aboard = combined.filter((s) => s.direction === d).flatMap((s) => s.passengers.map((p) => p.passengerId));
          expect(new Set(aboard)).toEqual(riders);
          expect(aboard.length).toBe(riders.size);
        }
        for (const s of combined) expect(s.passengers.length).toBeLessThanOrEqual(s.capacity!);
        // only PLANNED shuttles are ever extended
        for (const e of second.extend) expect(existing.find((s) => s.urn === e.urn)).toMatchObject({ status: "PLANNED", vehicleType: "SHUTTLE" });
      }),
      RUNS,
    );
  });
});

describe("transport planner examples", () => {
  const pax = (id: string, tier: Tier, specialNeeds: ("WHEELCHAIR" | "INFANT")[] = []) => ({ passengerId: id, tier, specialNeeds, localResident: false });
  const base = (reservations: PlanInput["reservations"], over: Partial<PlanInput> = {}): PlanInput => ({
    airport: CDG,
    hotel: HOTEL,
    disruptionAt: "2026-11-21T18:05:00Z",
    nextDepartureAt: "2026-11-22T09:30:00Z",
    reservations,
    existing: [],
    transportByTier: {},
    settings: SETTINGS,
    ...over,
  });
  const res = (n: number, passengers: ReturnType<typeof pax>[], confirmedAt = "2026-11-21T18:40:00Z") => ({ reservationUrn: `urn:svc:reservation:r${n}`, groupId: `G${n}`, confirmedAt, checkOut: "2026-11-22T09:30:00Z", passengers });

  it("economy shares a shuttle up to capacity and overflows to a second; business goes by private car; a wheelchair group by van", () => {
    const policy = { ...DEFAULT_TRANSPORT, shuttleCapacity: 4 };
    const plan = planTransport(
      base(
        [
          res(1, [pax("E1", "ECONOMY"), pax("E2", "ECONOMY"), pax("E3", "ECONOMY")]),
          res(2, [pax("E4", "ECONOMY"), pax("E5", "ECONOMY")]),
          res(3, [pax("B1", "BUSINESS")]),
          res(4, [pax("W1", "ECONOMY", ["WHEELCHAIR"]), pax("W2", "ECONOMY", ["INFANT"])]),
        ],
        { transportByTier: { ECONOMY: policy, BUSINESS: policy } },
      ),
    );
    const toHotel = plan.create.filter((s) => s.direction === "AIRPORT_TO_HOTEL");
    expect(toHotel.map((s) => [s.vehicleType, s.passengers.map((p) => p.passengerId), s.capacity])).toEqual([
      ["PRIVATE_CAR", ["B1"], 4],
      ["SHUTTLE", ["E1", "E2", "E3"], 4],
      ["SHUTTLE", ["E4", "E5"], 4],
      ["WHEELCHAIR_VAN", ["W1", "W2"], 6],
    ]);
    // confirmed 18:40 + 30 min lead, next 30-minute slot: 19:30
    expect(toHotel.every((s) => s.scheduledAt === "2026-11-21T19:30:00.000Z")).toBe(true);
    expect(toHotel.find((s) => s.vehicleType === "WHEELCHAIR_VAN")!.specialRequirements).toEqual(["INFANT", "WHEELCHAIR"]);
    // 09:30 − 180 min − 15 min (1 km: 10 + 2, rounded up to 5) = 06:15, rounded down to the slot: 06:00
    expect(travelMinutes(HOTEL, CDG, SETTINGS)).toBe(15);
    expect(plan.create.filter((s) => s.direction === "HOTEL_TO_AIRPORT").map((s) => s.scheduledAt)).toEqual(Array(4).fill("2026-11-22T06:00:00.000Z"));
  });

  it("a reservation confirmed later in the same slot is merged into the PLANNED shuttle, not an ASSIGNED one", () => {
    const first = base([res(1, [pax("E1", "ECONOMY"), pax("E2", "ECONOMY")], "2026-11-21T18:40:00Z")]);
    const planned = planTransport(first).create.map((c, i) => ({ ...c, urn: `urn:svc:segment:s${i}`, status: i === 0 ? ("PLANNED" as const) : ("ASSIGNED" as const) }));
    const second = planTransport({ ...first, reservations: [...first.reservations, res(2, [pax("E3", "ECONOMY")], "2026-11-21T18:55:00Z")], existing: planned });
    // to the hotel: the PLANNED shuttle takes E3; to the airport: that shuttle is ASSIGNED, so E3 gets a new one
    expect(second.extend).toEqual([
      {
        urn: "urn:svc:segment:s0",
        added: [{ passengerId: "E3", groupId: "G2", reservationUrn: "urn:svc:reservation:r2" }],
        passengers: [...planned[0].passengers, { passengerId: "E3", groupId: "G2", reservationUrn: "urn:svc:reservation:r2" }],
        reservationUrns: ["urn:svc:reservation:r1", "urn:svc:reservation:r2"],
        specialRequirements: [],
      },
    ]);
    expect(second.create.map((s) => [s.direction, s.passengers.map((p) => p.passengerId)])).toEqual([["HOTEL_TO_AIRPORT", ["E3"]]]);
  });

  it("reservations confirmed in different slots ride different shuttles; LOCAL_RESIDENT passengers are skipped", () => {
    const plan = planTransport(
      base([
        res(1, [pax("E1", "ECONOMY"), { ...pax("E2", "ECONOMY"), localResident: true }], "2026-11-21T18:40:00Z"),
        res(2, [pax("E3", "ECONOMY")], "2026-11-21T19:20:00Z"),
      ]),
    );
    expect(plan.create.filter((s) => s.direction === "AIRPORT_TO_HOTEL").map((s) => [s.scheduledAt, s.reservationUrns])).toEqual([
      ["2026-11-21T19:30:00.000Z", ["urn:svc:reservation:r1"]],
      ["2026-11-21T20:00:00.000Z", ["urn:svc:reservation:r2"]],
    ]);
    // both leave for the airport together: one shuttle, two reservations
    expect(plan.create.filter((s) => s.direction === "HOTEL_TO_AIRPORT").map((s) => s.reservationUrns)).toEqual([["urn:svc:reservation:r1", "urn:svc:reservation:r2"]]);
    expect(plan.skipped).toEqual([{ passengerId: "E2", reservationUrn: "urn:svc:reservation:r1", reason: "LOCAL_RESIDENT" }]);
  });
});
