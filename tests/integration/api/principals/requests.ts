import fs from "node:fs";
import path from "node:path";
import type { RouteSpec } from "@/lib/api/route";
import { casePayload } from "@/tests/helpers/cases";
import { policyPayload } from "@/tests/helpers/policies";
import type { Records } from "@/tests/helpers/records";
import type { CallOptions } from "@/tests/helpers/api";

type RouteFn = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const API_DIR = path.join(process.cwd(), "app", "api", "v1");

/**
 * The route file serving a spec and the Next params it receives: `/cases/{caseUrn}/close` is
 * cases/[caseUrn]/close/route.ts; a colon action (`passengers:bulk`) is the `[action]` folder.
 */
export async function handlerOf(spec: RouteSpec): Promise<{ fn: RouteFn; extra: Record<string, string> }> {
  const segments = spec.path.split("/").filter(Boolean);
  const folder = segments.map((s) => s.replace(/^\{(\w+)\}$/, "[$1]"));
  let extra: Record<string, string> = {};
  let file = path.join(API_DIR, ...folder, "route.ts");
  if (!fs.existsSync(file) && segments.at(-1)!.includes(":")) {
    extra = { action: segments.at(-1)! };
    file = path.join(API_DIR, ...folder.slice(0, -1), "[action]", "route.ts");
  }
  const mod = await import(file);
  const fn = mod[spec.method];
  if (typeof fn !== "function") throw new Error(`no ${spec.method} in ${file}`);
  return { fn, extra };
}

const reason = "principals test";
let seq = 0;

/** A CSV of one new passenger, as the bulk upload takes it. */
export function passengerCsv(id = `N-${++seq}`): File {
  return new File([`pnr,passengerId,firstName,lastName,tier\nNEW${seq},${id},Ann,Lee,ECONOMY\n`], "manifest.csv", { type: "text/csv" });
}

/**
 * A well-formed request to each endpoint naming the real records: path parameters, query and a
 * body that passes the schema, so a call reaches the record (and its scope check) rather than
 * stopping at validation. Fresh each call (new event ids, new passenger ids).
 */
export function validRequest(spec: RouteSpec, r: Records): { path: string; opts: CallOptions } {
  const params: Record<string, string> = {
    caseUrn: r.caseUrn,
    groupId: r.groupId,
    passengerId: "F-1",
    policyUrn: r.policyUrn,
    demandUrn: r.demandUrn,
    itemUrn: r.itemUrn,
    waveUrn: r.waveUrn,
    reservationUrn: r.reservationUrn,
    segmentUrn: r.segmentUrn,
    subscriptionUrn: r.subscriptionUrn,
    deliveryUrn: r.deliveryUrn,
    reportUrn: r.reportUrn,
    userUrn: r.userUrn,
    messageUrn: r.messageUrn,
    callUrn: r.callUrn,
    code: "CDG",
    hotelUrn: r.hotelUrn,
  };
  const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const used = Object.fromEntries(names.map((n) => [n, params[n]]));
  const urlPath = spec.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n]));
  const key = `${spec.method} ${spec.path}`;
  const opts: CallOptions = { method: spec.method, params: used };
  const body = BODIES[key]?.(r);
  if (spec.multipart) {
    const form = new FormData();
    form.set("file", passengerCsv());
    opts.rawBody = form;
  } else if (body !== undefined) opts.body = body;
  if (key === "POST /hotels/cache/invalidate" || key === "GET /board") opts.query = { airport: "CDG" };
  // the reservation's night, so the arrivals list shows it to whom it may
  if (key === "GET /hotels/{hotelUrn}/arrivals") opts.query = { date: "2026-11-21" };
  if (key === "GET /reports/care-compliance") opts.query = { airport: "CDG", from: "2026-01-01", to: "2026-03-01" };
  return { path: urlPath, opts };
}

const BODIES: Record<string, (r: Records) => unknown> = {
  "POST /cases": () => casePayload(),
  "POST /booking/reservations/{reservationUrn}/problems": () => ({ tags: ["NO_SHUTTLE"], note: reason }),
  "PATCH /cases/{caseUrn}/reaccommodate": () => ({ nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-22T10:30:00Z" }, reason }),
  "POST /cases/{caseUrn}/groups:merge": (r) => ({ groupIds: r.mergeGroupIds, reason }),
  "POST /cases/{caseUrn}/groups/{groupId}/split": () => ({ into: [["F-1"], ["F-2", "F-3"]], reason }),
  "POST /cases/{caseUrn}/care/overrides": (r) => ({ groupId: r.groupId, reason }),
  "POST /cases/{caseUrn}/close": () => ({ reason }),
  "POST /cases/{caseUrn}/reopen": () => ({ reason }),
  "POST /cases/{caseUrn}/passengers/{passengerId}/erase": () => ({ reason }),
  "POST /policies": () => policyPayload({ name: `principals ${++seq}` }),
  "POST /policies/synthesize": () => ({ description: "at CDG put economy passengers in 3-star hotels within 20 km" }),
  "PATCH /policies/{policyUrn}": () => ({ name: `renamed ${++seq}` }),
  "POST /policies/{policyUrn}/activate": () => ({ reason }),
  "POST /demand/case/{caseUrn}": () => ({ type: "INITIAL", roomsRequested: 2 }),
  "POST /demand/{demandUrn}/approve": () => ({ reason }),
  "POST /demand/{demandUrn}/reject": () => ({ reason }),
  "POST /manual-review/{itemUrn}/release": () => ({ reason }),
  "POST /manual-review/{itemUrn}/rebook": (r) => ({ hotelUrn: r.hotelUrn, reason }),
  "POST /manual-review/{itemUrn}/relax": () => ({ fields: { minStars: 2 }, reason }),
  "POST /manual-review/{itemUrn}/split": () => ({ into: [["F-1"], ["F-2", "F-3"]], reason }),
  "POST /manual-review/{itemUrn}/override": (r) => ({ hotelUrn: r.hotelUrn, providerOfferId: "offer-1", reason }),
  "POST /manual-review/{itemUrn}/resolve": () => ({ resolution: "NO_ACTION", reason }),
  "POST /allocation/wave/{waveUrn}/override": (r) => ({ groupId: r.groupId, hotelUrn: r.hotelUrn, reason }),
  "POST /allocation/wave/{waveUrn}/rerun": () => ({ reason }),
  "POST /booking/reservations/{reservationUrn}/cancel": () => ({ reason, rehouse: true }),
  "POST /messages/{messageUrn}/resend": () => ({ reason }),
  "POST /booking/manual": (r) => ({ caseUrn: r.caseUrn, groupId: r.groupId, hotelUrn: r.hotelUrn, providerOfferId: "offer-1", reason }),
  "POST /transport/segments": (r) => ({ reservationUrn: r.reservationUrn, direction: "HOTEL_TO_AIRPORT", scheduledAt: "2026-11-22T06:30:00Z", vehicleType: "SHUTTLE" }),
  "POST /transport/segments/{segmentUrn}/retime": () => ({ scheduledAt: "2026-11-21T19:30:00Z", reason }),
  "POST /transport/segments/{segmentUrn}/vehicle": () => ({ vehicleId: "VAN-7", reason }),
  "POST /transport/segments/{segmentUrn}/cancel": () => ({ reason }),
  "PATCH /settings": () => ({ slaMinutes: { LOW: 200 }, reason }),
  "POST /webhooks/subscriptions": () => ({ url: "https://hooks.example.com/principals", events: ["case.accommodated"] }),
  "POST /reports": () => ({}),
  "POST /users/{userUrn}/sign-out": () => ({ reason }),
  "POST /users": () => ({ email: `principals-${++seq}-${Date.now()}@records.test`, name: "New CDG operator", roles: ["AIRPORT_OPERATOR"], airports: ["CDG"], password: "principals-pw" }),
  "PATCH /users/{userUrn}": () => ({ name: `CDG operator ${++seq}` }),
  "POST /airports/{code}/capacity-calls": () => ({ reason }),
  "POST /capacity-calls/{callUrn}/answers": (r) => ({ hotelUrn: r.hotelUrn, rooms: 3 }),
  "POST /hotels/{hotelUrn}/bookings/{reservationUrn}/decline": () => ({ reason: "no rooms left" }),
  // tomorrow in UTC is today or later at the hotel, whatever the hour
  "PUT /hotels/{hotelUrn}/inventory": () => ({ date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), rooms: 4, nightlyRate: 99 }),
  "POST /hotels/{hotelUrn}/check-ins": (r) => ({ reservationUrn: r.reservationUrn, status: "CHECKED_IN" }),
};
