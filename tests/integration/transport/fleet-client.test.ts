import { beforeEach, describe, expect, it } from "vitest";
import { fleetClient, FleetAuthError, FleetUnavailable, NO_VEHICLE } from "@/lib/peers/fleet";
import { SANDBOX_FLEET_KEY } from "@/lib/peers/fleet/settings";
import { sandboxFleet } from "@/tests/helpers/fleet";

const fleet = sandboxFleet();
const client = (over: { apiKey?: string; timeoutMs?: number } = {}) => fleetClient({ baseUrl: fleet.url, apiKey: SANDBOX_FLEET_KEY, timeoutMs: 2000, ...over });
const ride = (reference: string, over: Record<string, unknown> = {}) => ({
  reference,
  airport: "CDG",
  vehicleType: "WHEELCHAIR_VAN" as const,
  seats: 3,
  pickupAt: "2026-11-21T19:30:00Z",
  pickup: "CDG airport, arrivals",
  dropoff: "Hôtel du Terminal",
  specialRequirements: ["WHEELCHAIR" as const],
  ...over,
});

beforeEach(() => fleet.reset());

describe("transport fleet client against the sandbox, over HTTP", () => {
  it("assigns a vehicle and driver; the same reference answers the same assignment", async () => {
    const first = await client().assign(ride("seg-1"));
    expect(first).toMatchObject({ ok: true, assignment: { reference: "seg-1", status: "ASSIGNED", vehicleType: "WHEELCHAIR_VAN", seats: 6, vehicleId: "CDG-WV-01" } });
    if (!first.ok) throw new Error("unreachable");
    expect(first.assignment.driverName).toBeTruthy();
    expect(first.assignment.driverPhone).toMatch(/^\+33/);
    const again = await client().assign(ride("seg-1"));
    expect(again).toEqual(first);
    expect(fleet.assignments()).toHaveLength(1);
  });

  it("answers no_vehicle once every vehicle of the type is busy around the pickup, and frees one on release", async () => {
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { WHEELCHAIR_VAN: 1 } });
    const a = await client().assign(ride("seg-a"));
    expect(a.ok).toBe(true);
    const b = await client().assign(ride("seg-b", { pickupAt: "2026-11-21T20:00:00Z" }));
    expect(b).toMatchObject({ ok: false, code: NO_VEHICLE });
    // two hours later the van is back
    expect((await client().assign(ride("seg-c", { pickupAt: "2026-11-21T21:30:00Z" }))).ok).toBe(true);
    if (!a.ok) throw new Error("unreachable");
    await client().release(a.assignment.id);
    expect(await client().assign(ride("seg-b", { pickupAt: "2026-11-21T20:00:00Z" }))).toMatchObject({ ok: true, assignment: { vehicleId: "CDG-WV-01" } });
    // releasing twice, or an unknown id, is not an error
    await client().release(a.assignment.id);
    await client().release("asg_unknown");
  });

  it("answers no_vehicle for more passengers than the type seats; other airports have their own fleet", async () => {
    expect(await client().assign(ride("big", { seats: 7 }))).toMatchObject({ ok: false, code: NO_VEHICLE });
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    expect(await client().assign(ride("s1", { vehicleType: "SHUTTLE" }))).toMatchObject({ ok: false, code: NO_VEHICLE });
    expect(await client().assign(ride("s2", { vehicleType: "SHUTTLE", airport: "ORY" }))).toMatchObject({ ok: true, assignment: { vehicleId: "ORY-SH-01" } });
  });

  it("5xx, 429 and a timeout are FleetUnavailable (retryable); a retry after a lost answer gets the same vehicle", async () => {
    await fleet.admin("/__sandbox/faults", { next: ["503", "429"] });
    await expect(client().assign(ride("f1"))).rejects.toMatchObject({ name: "FleetUnavailable", status: 503, retryable: true });
    await expect(client().assign(ride("f1"))).rejects.toMatchObject({ name: "FleetUnavailable", status: 429 });
    await fleet.admin("/__sandbox/faults", { next: ["timeout"], timeoutMs: 5000 });
    await expect(client({ timeoutMs: 200 }).assign(ride("f1"))).rejects.toBeInstanceOf(FleetUnavailable);
    await fleet.admin("/__sandbox/faults", { next: ["lose-confirmation"] });
    await expect(client().assign(ride("lost"))).rejects.toBeInstanceOf(FleetUnavailable);
    const retried = await client().assign(ride("lost"));
    expect(retried).toMatchObject({ ok: true, assignment: { reference: "lost" } });
    expect(fleet.assignments().filter((a) => a.reference === "lost")).toHaveLength(1);
  });

  it("a wrong API key is FleetAuthError, not retryable", async () => {
    await expect(client({ apiKey: "wrong" }).assign(ride("k"))).rejects.toBeInstanceOf(FleetAuthError);
  });

  it("asks for more vehicles: the fleet adds what its spare holds for the window, once per reference; the fault setting grants none", async () => {
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { WHEELCHAIR_VAN: 0 }, spare: { WHEELCHAIR_VAN: 1 } });
    expect(await client().assign(ride("v1"))).toMatchObject({ ok: false, code: NO_VEHICLE });
    const ask = { airport: "CDG", vehicleType: "WHEELCHAIR_VAN" as const, vehicles: 3, from: "2026-11-21T19:00:00Z", until: "2026-11-21T23:00:00Z" };
    expect(await client().requestCapacity!(ask, "cap-1")).toMatchObject({ granted: 1 });
    // the same reference answers the first answer and adds nothing
    expect(await client().requestCapacity!(ask, "cap-1")).toMatchObject({ granted: 1 });
    expect(fleet.capacityRequests().map((r) => r.granted)).toEqual([1, 1]);
    // the added van serves rides in the window, and only there
    expect(await client().assign(ride("v1"))).toMatchObject({ ok: true, assignment: { vehicleId: "CDG-WV-01" } });
    expect(await client().assign(ride("v2", { pickupAt: "2026-11-22T06:00:00Z" }))).toMatchObject({ ok: false, code: NO_VEHICLE });
    // the spare is used up; with the fault set, nothing either
    expect(await client().requestCapacity!(ask, "cap-2")).toMatchObject({ granted: 0 });
    await fleet.admin("/__sandbox/faults", { capacity: "none" });
    expect(await client().requestCapacity!({ ...ask, vehicleType: "SHUTTLE" }, "cap-3")).toMatchObject({ granted: 0 });
    await fleet.admin("/__sandbox/faults", { next: ["503"] });
    await expect(client().requestCapacity!({ ...ask, vehicleType: "TAXI" }, "cap-4")).rejects.toBeInstanceOf(FleetUnavailable);
  });
});
