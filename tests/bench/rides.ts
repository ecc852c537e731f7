/**
 * The passengers' rides as the bench reads them through the API: a case's transport segments
 * (GET /transport/segments?caseUrn=…), its taxi vouchers (GET /cases/{caseUrn}/ride-vouchers) and
 * who is owed transport (GET /cases/{caseUrn}/care). Per leg (reservation, direction):
 *  - decided: the leg's live segment has a vehicle (ASSIGNED), or the leg holds an ISSUED or USED
 *    ride voucher, or no live segment carries it (its ride was cancelled or never needed);
 *  - a reservation's ride is decided when its group is owed no transport, or it was planned (some
 *    segment, of any status, or a ride voucher names it: before the plan there is nothing to read,
 *    which must not count as decided) and each of its legs is decided;
 *  - shuttle and taxi on the same leg: a live segment (PLANNED or ASSIGNED) and an ISSUED or USED
 *    ride voucher for the same (reservation, direction): the passenger holds two rides.
 */
type Api = (p: string, init?: RequestInit) => Promise<Response>;

type Segment = { status: string; direction: string; reservationUrns: string[]; passengers: { reservationUrn: string }[] };
type RideVoucher = { reservationUrn: string; direction: string; status: string };
type Care = { passengers: { groupId: string; entitlements: { kind: string; owed: boolean }[] }[] };

const LIVE = new Set(["PLANNED", "ASSIGNED"]);
const RIDE_HELD = new Set(["ISSUED", "USED"]);

export type CaseRides = { segments: Segment[]; vouchers: RideVoucher[] };

/** Every segment of the case (paged) and its ride vouchers; null when a read failed. */
export async function readCaseRides(api: Api, caseUrn: string): Promise<CaseRides | null> {
  const segments: Segment[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await api(`/transport/segments?caseUrn=${encodeURIComponent(caseUrn)}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    if (!res.ok) return null;
    const page = (await res.json()) as { items: Segment[]; nextCursor: string | null };
    segments.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const res = await api(`/cases/${encodeURIComponent(caseUrn)}/ride-vouchers`);
  if (!res.ok) return null;
  return { segments, vouchers: ((await res.json()) as { items: RideVoucher[] }).items };
}

/** The groups of the case owed transport by its newest care assessment; null when it cannot be read. */
export async function groupsOwedTransport(api: Api, caseUrn: string): Promise<Set<string> | null> {
  const res = await api(`/cases/${encodeURIComponent(caseUrn)}/care`);
  if (!res.ok) return null;
  const care = (await res.json()) as Care;
  return new Set(care.passengers.filter((p) => p.entitlements.some((e) => e.kind === "TRANSPORT" && e.owed)).map((p) => p.groupId));
}

const urnsOf = (s: Segment) => new Set([...s.reservationUrns, ...s.passengers.map((p) => p.reservationUrn)]);

/** The reservations (of those given) whose ride is not decided yet. */
export function undecidedRides(rides: CaseRides, reservations: { urn: string; groupId: string }[], owed: Set<string>): string[] {
  const planned = new Set<string>(rides.vouchers.map((v) => v.reservationUrn));
  const liveLegs = new Map<string, boolean>(); // `${urn} ${direction}` → has a vehicle
  for (const s of rides.segments) {
    for (const urn of urnsOf(s)) {
      planned.add(urn);
      if (!LIVE.has(s.status)) continue;
      const leg = `${urn} ${s.direction}`;
      liveLegs.set(leg, (liveLegs.get(leg) ?? false) || s.status === "ASSIGNED");
    }
  }
  const taxis = new Set(rides.vouchers.filter((v) => RIDE_HELD.has(v.status)).map((v) => `${v.reservationUrn} ${v.direction}`));
  return reservations
    .filter((r) => owed.has(r.groupId))
    .filter((r) => !planned.has(r.urn) || [...liveLegs].some(([leg, assigned]) => leg.startsWith(`${r.urn} `) && !assigned && !taxis.has(leg)))
    .map((r) => r.urn);
}

/** Legs on a live segment that also hold an issued (or used) taxi voucher. */
export function shuttleAndTaxiLegs(rides: CaseRides): number {
  const live = new Set<string>();
  for (const s of rides.segments) if (LIVE.has(s.status)) for (const urn of urnsOf(s)) live.add(`${urn} ${s.direction}`);
  return new Set(rides.vouchers.filter((v) => RIDE_HELD.has(v.status) && live.has(`${v.reservationUrn} ${v.direction}`)).map((v) => `${v.reservationUrn} ${v.direction}`)).size;
}
