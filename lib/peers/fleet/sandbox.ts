import { z } from "zod";
import type { Faults } from "@/lib/http/faults";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { VEHICLE_TYPES, VehicleType } from "@/lib/vocabulary";
import { SANDBOX_FLEET_KEY } from "./settings";
import { type Assignment, AssignmentRequest, type CapacityGrant, CapacityRequest, NO_VEHICLE } from "./wire";
import { bearerSandboxServer, invalidFields } from "@/lib/http/bearer-sandbox";
import { firstHeader } from "@/lib/http/sandbox-io";

/**
 * A transport provider to develop and test against, speaking ./wire over real HTTP:
 *  - a limited fleet per airport: by default 24 shuttles (20 seats), 30 private cars and 30 taxis
 *    (4 seats) and 6 wheelchair vans (6 seats) at every airport; `POST /__sandbox/fleet`
 *    { airport, vehicles: { WHEELCHAIR_VAN: 0, … } } sets an airport's counts;
 *  - a vehicle is busy from a ride's pickup for 90 minutes; a request nothing free can serve
 *    (or that needs more seats than the type has) is 409 no_vehicle;
 *  - one assignment per reference (the Idempotency-Key): a retry answers the first one;
 *  - faults as the hotel sandboxes have them (`POST /__sandbox/faults`, `x-sandbox-fault`,
 *    lib/http/faults.ts): 5xx, 429, timeout, 401, "lose-confirmation" (assigned, answer dropped);
 *  - `POST /v1/capacity-requests` { airport, vehicleType, vehicles, from, until } adds vehicles of the
 *    type for rides picked up in [from, until), as many as its spare pool holds (by default a quarter
 *    of the type's count at the airport, rounded down; `POST /__sandbox/fleet` { airport, spare: { TYPE: n } }
 *    sets it), and answers how many; the same Idempotency-Key answers the first answer. The fault
 *    setting `POST /__sandbox/faults` { capacity: "none" } makes it grant none ("normal" undoes it);
 *  - `GET /__sandbox/assignments` lists live assignments, `GET /__sandbox/capacity-requests` every
 *    capacity request received (repeats included); `POST /__sandbox/reset` forgets them all.
 */
export type FleetSandbox = RunningServer & { faults: Faults; assignments: () => Assignment[]; capacityRequests: () => CapacityGrant[] };

export const SANDBOX_SEATS: Record<VehicleType, number> = { SHUTTLE: 20, PRIVATE_CAR: 4, TAXI: 4, WHEELCHAIR_VAN: 6 };
// a hub's ground handler: enough for a few flights at once; POST /__sandbox/fleet sets other counts
export const SANDBOX_FLEET: Record<VehicleType, number> = { SHUTTLE: 24, PRIVATE_CAR: 30, TAXI: 30, WHEELCHAIR_VAN: 6 };
const BUSY_MS = 90 * 60_000;
const CODE: Record<VehicleType, string> = { SHUTTLE: "SH", PRIVATE_CAR: "PC", TAXI: "TX", WHEELCHAIR_VAN: "WV" };
const DRIVERS = ["Marc Lefèvre", "Sofia Moreau", "Karim Benali", "Julie Martin", "Tomás García", "Aiko Tanaka", "Lena Schmidt", "Omar Haddad"];

const FleetRequest = z.object({
  airport: z.string().regex(/^[A-Z]{3}$/),
  vehicles: z.partialRecord(VehicleType, z.number().int().min(0).max(500)).default({}),
  spare: z.partialRecord(VehicleType, z.number().int().min(0).max(500)).optional(),
});
// the fleet's own fault on top of the shared ones: a dispatcher with nobody left to call
const CapacityFault = z.object({ capacity: z.enum(["none", "normal"]).optional() });

export function fleetSandboxServer({ apiKey = SANDBOX_FLEET_KEY, fleet = {} as Record<string, Partial<Record<VehicleType, number>>> } = {}) {
  const counts = new Map<string, Partial<Record<VehicleType, number>>>(Object.entries(fleet));
  const byReference = new Map<string, Assignment & { airport: string; until: number; from: number }>();
  const spares = new Map<string, Partial<Record<VehicleType, number>>>();
  const grants = new Map<string, CapacityGrant>();
  const capacityLog: CapacityGrant[] = [];
  let grantNone = false;
  let sequence = 0;

  const baseCountOf = (airport: string, type: VehicleType) => counts.get(airport)?.[type] ?? SANDBOX_FLEET[type];
  const granted = (airport: string, type: VehicleType) => [...grants.values()].filter((g) => g.airport === airport && g.vehicleType === type);
  const spareOf = (airport: string, type: VehicleType) =>
    Math.max(0, (spares.get(airport)?.[type] ?? Math.floor(baseCountOf(airport, type) / 4)) - granted(airport, type).reduce((n, g) => n + g.granted, 0));
  // vehicles a grant added serve the rides picked up in its window
  const countOf = (airport: string, type: VehicleType, at?: number) =>
    baseCountOf(airport, type) + (at === undefined ? 0 : granted(airport, type).filter((g) => Date.parse(g.from) <= at && at < Date.parse(g.until)).reduce((n, g) => n + g.granted, 0));
  const vehicleOf = (airport: string, type: VehicleType, n: number) => {
    const i = n + (airport.charCodeAt(0) + airport.charCodeAt(1) + airport.charCodeAt(2)) * 7 + VEHICLE_TYPES.indexOf(type) * 3;
    return {
      vehicleId: `${airport}-${CODE[type]}-${String(n + 1).padStart(2, "0")}`,
      plate: `${CODE[type]}-${String(100 + ((i * 37) % 900)).padStart(3, "0")}-${airport}`,
      driverName: DRIVERS[i % DRIVERS.length],
      driverPhone: `+33 6 12 ${String(10 + (i % 90)).padStart(2, "0")} ${String(10 + ((i * 13) % 90)).padStart(2, "0")} ${String(10 + ((i * 7) % 90)).padStart(2, "0")}`,
    };
  };
  const live = () => [...byReference.values()].filter((a) => a.status === "ASSIGNED");

  const { server, faults } = bearerSandboxServer({
    apiKey,
    failure: "the dispatcher",
    ownFaults: (body) => {
      const capacity = CapacityFault.safeParse(body ?? {});
      if (capacity.success && capacity.data.capacity) grantNone = capacity.data.capacity === "none";
      return { capacity: grantNone ? "none" : "normal" };
    },
    reset: () => {
      byReference.clear();
      counts.clear();
      spares.clear();
      grants.clear();
      capacityLog.length = 0;
      grantNone = false;
      for (const [k, v] of Object.entries(fleet)) counts.set(k, v);
    },
    routes: [
      {
        method: "POST",
        pattern: /^\/__sandbox\/fleet$/,
        admin: true,
        handle: ({ body, reply, fail }) => {
          const parsed = FleetRequest.safeParse(body ?? {});
          if (!parsed.success) return fail(400, "invalid_request", "expected { airport, vehicles: { TYPE: count }, spare?: { TYPE: count } }");
          const { airport } = parsed.data;
          counts.set(airport, { ...counts.get(airport), ...parsed.data.vehicles });
          if (parsed.data.spare) spares.set(airport, { ...spares.get(airport), ...parsed.data.spare });
          return reply(200, {
            airport,
            vehicles: Object.fromEntries(VEHICLE_TYPES.map((t) => [t, countOf(airport, t)])),
            spare: Object.fromEntries(VEHICLE_TYPES.map((t) => [t, spareOf(airport, t)])),
          });
        },
      },
      { method: "GET", pattern: /^\/__sandbox\/assignments$/, admin: true, handle: ({ reply }) => reply(200, { assignments: live().map(publicView) }) },
      { method: "GET", pattern: /^\/__sandbox\/capacity-requests$/, admin: true, handle: ({ reply }) => reply(200, { capacityRequests: capacityLog }) },
      {
        method: "POST",
        pattern: /^\/v1\/capacity-requests$/,
        handle: ({ req, body, reply, fail }) => {
          const asked = CapacityRequest.safeParse(body);
          if (!asked.success) return fail(400, "invalid_request", invalidFields(asked.error));
          const q = asked.data;
          if (Date.parse(q.until) <= Date.parse(q.from)) return fail(400, "invalid_request", "until must be after from");
          const key = firstHeader(req.headers["idempotency-key"]);
          const first = key ? grants.get(key) : undefined;
          const answer: CapacityGrant = first ?? {
            airport: q.airport,
            vehicleType: q.vehicleType,
            requested: q.vehicles,
            granted: grantNone ? 0 : Math.min(q.vehicles, spareOf(q.airport, q.vehicleType)),
            from: new Date(q.from).toISOString(),
            until: new Date(q.until).toISOString(),
            message: null,
          };
          answer.message ??= answer.granted ? `${answer.granted} ${q.vehicleType} added from subcontractors` : `no ${q.vehicleType} to add at ${q.airport}`;
          if (!first) grants.set(key ?? `anonymous-${capacityLog.length}`, answer);
          capacityLog.push(answer);
          return reply(first ? 200 : 201, answer);
        },
      },
      {
        method: "DELETE",
        pattern: /^\/v1\/assignments\/([\w-]+)$/,
        handle: ({ params: [id], reply, fail }) => {
          const found = [...byReference.values()].find((a) => a.id === id);
          if (!found) return fail(404, "not_found", "no such assignment");
          found.status = "RELEASED";
          return reply(200, publicView(found));
        },
      },
      {
        method: "POST",
        pattern: /^\/v1\/assignments$/,
        booking: true,
        handle: ({ res, body, drawn, reply, fail }) => {
          const parsed = AssignmentRequest.safeParse(body);
          if (!parsed.success) return fail(400, "invalid_request", invalidFields(parsed.error));
          const r = parsed.data;
          const previous = byReference.get(r.reference);
          if (previous && previous.status === "ASSIGNED") return reply(200, publicView(previous));
          if (r.seats > SANDBOX_SEATS[r.vehicleType]) return fail(409, NO_VEHICLE, `a ${r.vehicleType} has ${SANDBOX_SEATS[r.vehicleType]} seats; ${r.seats} asked`);
          const from = Date.parse(r.pickupAt);
          const busy = new Set(live().filter((a) => a.airport === r.airport && a.vehicleType === r.vehicleType && a.from < from + BUSY_MS && from < a.until).map((a) => a.vehicleId));
          const n = Array.from({ length: countOf(r.airport, r.vehicleType, from) }, (_, i) => i).find((i) => !busy.has(vehicleOf(r.airport, r.vehicleType, i).vehicleId));
          if (n === undefined) return fail(409, NO_VEHICLE, `no ${r.vehicleType} free at ${r.airport} around ${r.pickupAt}`);
          sequence += 1;
          const assignment = {
            id: `asg_${String(sequence).padStart(6, "0")}`,
            reference: r.reference,
            status: "ASSIGNED" as const,
            ...vehicleOf(r.airport, r.vehicleType, n),
            vehicleType: r.vehicleType,
            seats: SANDBOX_SEATS[r.vehicleType],
            dispatcherPhone: "+33 1 70 00 00 00",
            pickupAt: new Date(from).toISOString(),
            airport: r.airport,
            from,
            until: from + BUSY_MS,
          };
          byReference.set(r.reference, assignment);
          // assigned, but the answer never reaches the client
          if (drawn.fault === "lose-confirmation") return void res.socket?.destroy();
          return reply(201, publicView(assignment));
        },
      },
    ],
  });
  return { server, faults, assignments: () => live().map(publicView), capacityRequests: () => [...capacityLog] };
}

export async function startFleetSandbox(options: { port?: number; apiKey?: string; fleet?: Record<string, Partial<Record<VehicleType, number>>> } = {}): Promise<FleetSandbox> {
  const { server, faults, assignments, capacityRequests } = fleetSandboxServer(options);
  const running = await listen(server, options.port ?? 0);
  return { ...running, faults, assignments, capacityRequests };
}

function publicView(a: Assignment): Assignment {
  const { id, reference, status, vehicleId, vehicleType, plate, seats, driverName, driverPhone, dispatcherPhone, pickupAt } = a;
  return { id, reference, status, vehicleId, vehicleType, plate, seats, driverName, driverPhone, dispatcherPhone, pickupAt };
}
