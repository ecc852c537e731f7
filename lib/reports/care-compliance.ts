import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { e164Sql } from "@/lib/phone";
import { parseInput } from "@/lib/validation";
import type { PassengerCare } from "@/lib/care/types";
import type { CareKind, CareRegime } from "@/lib/vocabulary";
import { type CareComplianceFigures, CareComplianceQuery, type CareComplianceReport, type CareComplianceRow, type CareCost, GRACE_MINUTES } from "./care-compliance-schemas";
import { rowsOf } from "@/db/rows";

type Row = Record<string, unknown>;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * GET /reports/care-compliance: per regime, airport and kind of care, the passengers owed it, those
 * it was provided to (late or not) and why the others got none; and the cost of care per passenger.
 * The cases are the live ones created in [from, to) (drills and shadows left out), as the weekly
 * report picks them, at the airport given or every airport the caller may see (an airport outside
 * its claims: 403 OUT_OF_SCOPE). Three statements whatever the number of passengers.
 */
export async function careCompliance({ ctx, input }: { ctx: Ctx; input: z.input<typeof CareComplianceQuery> }): Promise<CareComplianceReport> {
  requirePermission(ctx, "read", "read reports");
  const q = parseInput(CareComplianceQuery, input);
  if (q.airport) requireAirport(ctx, q.airport);
  const airports = q.airport ? [q.airport] : airportFilter(ctx.principal);
  const { rows, cost } = await computeCareCompliance(ctx, { from: q.from, to: q.to, airports });
  return { from: q.from.toISOString(), to: q.to.toISOString(), airport: q.airport ?? null, graceMinutes: { ...GRACE_MINUTES }, rows, cost };
}

/**
 * The figures without the caller's checks (the weekly report computes them for the whole tenant); `airports` null: every airport.
 * A few set-based reads, each one index scan over the period's cases (their newest assessments, passengers, meal
 * vouchers, reservations, shuttle seats, ride vouchers, messages), joined here by key: expanding every
 * passenger's entitlements and bases in SQL cost seconds for 5,000 passengers on PGlite, and the planner,
 * without fresh statistics (PGlite has no autovacuum), chose joins that multiplied rows.
 */
export async function computeCareCompliance(
  ctx: Ctx,
  { from, to, airports, now = new Date() }: { from: Date; to: Date; airports: readonly string[] | null; now?: Date },
): Promise<{ rows: CareComplianceRow[]; cost: CareCost[] }> {
  if (airports && airports.length === 0) return { rows: [], cost: [] };
  const tenant = ctx.principal.tenant;
  const scope = sql`SELECT c.urn FROM cases c WHERE c.tenant = ${tenant} AND c.mode = 'LIVE'
    AND c.created_at >= ${from.toISOString()}::timestamptz AND c.created_at < ${to.toISOString()}::timestamptz
    ${airports ? sql`AND c.airport IN (${list(airports)})` : sql``}`;
  const read = async (q: SQL) => rowsOf<Row>(await ctx.db.execute(q));
  const assessed = await read(sql`
    SELECT DISTINCT ON (a.case_urn) a.case_urn, c.airport, c.flight->>'scheduledDeparture' AS dep, a.passengers
    FROM care_assessments a JOIN cases c ON c.urn = a.case_urn
    WHERE a.tenant = ${tenant} AND a.case_urn IN (${scope})
    ORDER BY a.case_urn, a.version DESC`);
  if (assessed.length === 0) return { rows: [], cost: [] };
  const sources: Sources = {
    pax: await read(sql`SELECT case_urn, passenger_id AS pid, operational_status AS status, nullif(lower(btrim(email)), '') AS email, ${e164Sql(sql`phone`)} AS phone
      FROM passengers WHERE case_urn IN (${scope})`),
    meals: await read(sql`SELECT case_urn, passenger_id AS pid, seq, status, last_error, coalesce(issued_at, updated_at) AS at, amount, redeemed_amount, currency
      FROM meal_vouchers WHERE tenant = ${tenant} AND case_urn IN (${scope})`),
    // provided when confirmed: the first audit entry that confirmed the stay (booked, a stay change, a manual booking); the row's creation for one without
    rooms: await read(sql`SELECT r.case_urn, r.group_id AS gid, r.status, r.total,
        coalesce((SELECT min(a.at) FROM audit_entries a WHERE a.tenant = r.tenant AND a.entity_urn = r.urn AND a.action IN ('confirm', 'reaccommodate', 'override')), r.created_at) AS at,
        EXISTS (SELECT 1 FROM audit_entries a WHERE a.tenant = r.tenant AND a.entity_urn = r.urn AND a.action = 'passenger.decline') AS declined
      FROM reservations r WHERE r.tenant = ${tenant} AND r.case_urn IN (${scope})`),
    seats: await read(sql`SELECT s.case_urn, sp->>'passengerId' AS pid, min(s.created_at) AS at
      FROM transport_segments s CROSS JOIN LATERAL jsonb_array_elements(s.passengers) sp
      WHERE s.tenant = ${tenant} AND s.case_urn IN (${scope}) AND s.status IN ('ASSIGNED', 'COMPLETED') GROUP BY 1, 2`),
    rides: await read(sql`SELECT case_urn, group_id AS gid, status, last_error, coalesce(issued_at, updated_at) AS at, created_at, max_amount, used_amount, currency
      FROM ride_vouchers WHERE tenant = ${tenant} AND case_urn IN (${scope})`),
    messages: await read(sql`SELECT case_urn, recipient, status, coalesce(sent_at, delivered_at, updated_at) AS at
      FROM messages WHERE tenant = ${tenant} AND case_urn IN (${scope})`),
  };
  return fold(assessed, sources, now.getTime());
}

type Sources = Record<"pax" | "meals" | "rooms" | "seats" | "rides" | "messages", Row[]>;
type Owed = { caseUrn: string; airport: string; pid: string; gid: string; kind: CareKind; due: number; regimes: CareRegime[] };

const time = (v: unknown): number | null => (v === null || v === undefined ? null : new Date(v as string).getTime());
const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

/** Every (case, key) → its rows. */
function byKey(rows: Row[], key: (r: Row) => string): Map<string, Row[]> {
  const m = new Map<string, Row[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/**
 * Per passenger and kind owed (the newest assessment, the bases that owe it): when it was provided
 * (the first meal voucher issued or redeemed, room confirmed or checked out, shuttle seat assigned
 * or ride voucher issued or used, message sent or delivered) or why not; counted per regime,
 * airport and kind. Then the cost.
 */
function fold(assessed: Row[], s: Sources, now: number): { rows: CareComplianceRow[]; cost: CareCost[] } {
  const pk = (r: Row) => `${r.case_urn}|${r.pid}`;
  const gk = (r: Row) => `${r.case_urn}|${r.gid}`;
  const pax = new Map(s.pax.map((r) => [pk(r), r]));
  const meals = byKey(s.meals, pk);
  const rooms = byKey(s.rooms, gk);
  const seats = new Map(s.seats.map((r) => [pk(r), time(r.at)]));
  const rides = byKey(s.rides, gk);
  const messages = byKey(s.messages, (r) => `${r.case_urn}|${r.recipient}`);

  const owed: Owed[] = [];
  for (const a of assessed) {
    const dep = new Date(a.dep as string).getTime();
    for (const p of json<PassengerCare[]>(a.passengers)) {
      for (const e of p.entitlements) {
        if (!e.owed) continue;
        const regimes = [...new Set(e.basis.filter((b) => b.owed).map((b) => b.regime))];
        owed.push({ caseUrn: a.case_urn as string, airport: a.airport as string, pid: p.passengerId, gid: p.groupId, kind: e.kind, due: dep + (e.fromMinutes ?? 0) * 60_000, regimes });
      }
    }
  }

  const acc = new Map<string, { row: CareComplianceRow; minutes: number[]; reasons: Map<string, { passengers: number; detail: string | null }> }>();
  for (const o of owed) {
    const { at, reason, detail, notYetDue } = outcome(o, now, {
      pax: pax.get(`${o.caseUrn}|${o.pid}`),
      meals: meals.get(`${o.caseUrn}|${o.pid}`) ?? [],
      rooms: rooms.get(`${o.caseUrn}|${o.gid}`) ?? [],
      seat: seats.get(`${o.caseUrn}|${o.pid}`) ?? null,
      rides: rides.get(`${o.caseUrn}|${o.gid}`) ?? [],
      messages: (recipient: string | null) => (recipient ? (messages.get(`${o.caseUrn}|${recipient}`) ?? []) : []),
    });
    const lateBy = at === null ? null : Math.round((at - o.due) / 60_000);
    const late = lateBy !== null && lateBy > GRACE_MINUTES[o.kind];
    for (const regime of o.regimes) {
      const key = `${regime}|${o.airport}|${o.kind}`;
      let a = acc.get(key);
      if (!a) {
        a = {
          row: { regime, airport: o.airport, kind: o.kind, owed: 0, provided: 0, late: 0, lateMinutesMedian: null, lateMinutesMax: null, notYetDue: 0, notProvided: 0, notProvidedReasons: [] },
          minutes: [],
          reasons: new Map(),
        };
        acc.set(key, a);
      }
      a.row.owed++;
      if (at !== null) a.row.provided++;
      if (late) a.minutes.push(lateBy);
      if (notYetDue) a.row.notYetDue++;
      if (reason) {
        a.row.notProvided++;
        const seen = a.reasons.get(reason);
        a.reasons.set(reason, { passengers: (seen?.passengers ?? 0) + 1, detail: seen?.detail ?? detail });
      }
    }
  }
  const rows = [...acc.values()]
    .map(({ row, minutes, reasons }) => ({
      ...row,
      late: minutes.length,
      lateMinutesMedian: median(minutes),
      lateMinutesMax: minutes.length ? Math.max(...minutes) : null,
      notProvidedReasons: [...reasons].map(([reason, { passengers, detail }]) => ({ reason, passengers, detail })).sort((a, b) => b.passengers - a.passengers || a.reason.localeCompare(b.reason)),
    }))
    .sort((a, b) => a.regime.localeCompare(b.regime) || a.airport.localeCompare(b.airport) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return { rows, cost: careCost(owed, s) };
}

const PROVIDED_MEAL = ["ISSUED", "REDEEMED"];
const HOUSED = ["CONFIRMED", "CHECKED_OUT"];
const PROVIDED_RIDE = ["ISSUED", "USED"];
const clip = (e: unknown) => (e ? String(e).slice(0, 120) : null);
const newest = (rows: Row[], by: (r: Row) => number) => rows.reduce<Row | null>((m, r) => (m === null || by(r) > by(m) ? r : m), null);

type Found = { pax?: Row; meals: Row[]; rooms: Row[]; seat: number | null; rides: Row[]; messages: (recipient: string | null) => Row[] };

type Outcome = { at: number | null; reason: string | null; detail: string | null; notYetDue: boolean };

/**
 * When one passenger got one kind of care; or that it is not yet due (a meal owed later, or waiting
 * PENDING within its grace); or why they did not get it: a reason code (they group), with the
 * issuer's error text as its `detail` where there is one.
 */
function outcome(o: Owed, now: number, f: Found): Outcome {
  const r = outcomeOf(o, now, f);
  return { detail: null, notYetDue: false, ...r };
}

function outcomeOf(o: Owed, now: number, f: Found): Partial<Outcome> & { at: number | null; reason: string | null } {
  const firstAt = (rows: Row[], ok: string[], at: (r: Row) => unknown = (r) => r.at) =>
    rows.filter((r) => ok.includes(r.status as string)).reduce<number | null>((m, r) => earliest(m, time(at(r))), null);
  let at: number | null = null;
  if (o.kind === "MEAL") at = firstAt(f.meals, PROVIDED_MEAL);
  else if (o.kind === "HOTEL") at = firstAt(f.rooms, HOUSED);
  else if (o.kind === "TRANSPORT") at = earliest(f.seat, firstAt(f.rides, PROVIDED_RIDE));
  const sent = o.kind === "COMMUNICATION" ? [...f.messages((f.pax?.email as string) ?? null), ...f.messages((f.pax?.phone as string) ?? null)] : [];
  if (o.kind === "COMMUNICATION") at = firstAt(sent, ["SENT", "DELIVERED"]);
  if (at !== null) return { at, reason: null };

  const status = f.pax?.status;
  if (o.kind === "HOTEL" || o.kind === "TRANSPORT") {
    if (status === "LOCAL_RESIDENT") return { at, reason: f.rooms.some((r) => r.declined) ? "DECLINED" : "LOCAL_RESIDENT" };
    if (status === "HELD") return { at, reason: "HELD_IN_REVIEW" };
  }
  if (o.kind === "MEAL") {
    const last = newest(f.meals, (r) => Number(r.seq));
    const waiting = !last || last.status === "PENDING";
    if (o.due > now || (waiting && now <= o.due + GRACE_MINUTES.MEAL * 60_000)) return { at, reason: null, notYetDue: true };
    return last ? { at, reason: `MEAL_VOUCHER_${last.status}`, detail: clip(last.last_error) } : { at, reason: "NO_MEAL_VOUCHER" };
  }
  if (o.kind === "HOTEL") {
    const last = newest(f.rooms, (r) => time(r.at) ?? 0);
    return { at, reason: last ? `RESERVATION_${last.status}` : "NO_RESERVATION" };
  }
  if (o.kind === "TRANSPORT") {
    const last = newest(f.rides, (r) => time(r.created_at) ?? 0);
    return last ? { at, reason: `RIDE_VOUCHER_${last.status}`, detail: clip(last.last_error) } : { at, reason: "NO_TRANSPORT" };
  }
  if (!f.pax?.email && !f.pax?.phone) return { at, reason: "NO_CONTACT" };
  if (sent.some((m) => m.status === "FAILED")) return { at, reason: "MESSAGE_FAILED" };
  return { at, reason: sent.length ? "MESSAGE_NOT_SENT" : "NO_MESSAGE" };
}
const KIND_ORDER: CareKind[] = ["MEAL", "HOTEL", "TRANSPORT", "COMMUNICATION"];

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
type Spent = { hotel: number; meals: number; rides: number };

/**
 * What the care of the passengers owed any care cost, per airport and currency: their groups'
 * confirmed (or checked-out) rooms, their meal vouchers (issued at the amount, redeemed at what
 * was redeemed) and their groups' ride vouchers (issued at the cap, used at what was used); per
 * passenger owed any care at the airport. ALL first: the airports together.
 */
function careCost(owed: Owed[], s: Sources): CareCost[] {
  const airportOf = new Map<string, string>();
  const paxAt = new Map<string, Set<string>>();
  const groups = new Set<string>();
  const people = new Set<string>();
  for (const o of owed) {
    airportOf.set(o.caseUrn, o.airport);
    groups.add(`${o.caseUrn}|${o.gid}`);
    people.add(`${o.caseUrn}|${o.pid}`);
    const at = paxAt.get(o.airport) ?? new Set<string>();
    paxAt.set(o.airport, at.add(`${o.caseUrn}|${o.pid}`));
  }
  const spent = new Map<string, Spent>();
  const add = (caseUrn: string, currency: string, what: keyof Spent, amount: number) => {
    for (const airport of [airportOf.get(caseUrn)!, "ALL"]) {
      const key = `${airport}|${currency}`;
      const x = spent.get(key) ?? { hotel: 0, meals: 0, rides: 0 };
      x[what] += amount;
      spent.set(key, x);
    }
  };
  for (const r of s.rooms) {
    if (!HOUSED.includes(r.status as string) || !groups.has(`${r.case_urn}|${r.gid}`)) continue;
    const total = json<{ amount: number; currency: string }>(r.total);
    add(r.case_urn as string, total.currency, "hotel", Number(total.amount));
  }
  for (const m of s.meals) {
    if (!PROVIDED_MEAL.includes(m.status as string) || !people.has(`${m.case_urn}|${m.pid}`)) continue;
    add(m.case_urn as string, m.currency as string, "meals", m.status === "REDEEMED" ? (num(m.redeemed_amount) ?? Number(m.amount)) : Number(m.amount));
  }
  for (const r of s.rides) {
    if (!PROVIDED_RIDE.includes(r.status as string) || !groups.has(`${r.case_urn}|${r.gid}`)) continue;
    add(r.case_urn as string, r.currency as string, "rides", r.status === "USED" ? (num(r.used_amount) ?? Number(r.max_amount)) : Number(r.max_amount));
  }
  const owedAt = (airport: string) => (airport === "ALL" ? people.size : (paxAt.get(airport)?.size ?? 0));
  return [...spent.entries()]
    .map(([key, x]) => {
      const [airport, currency] = key.split("|");
      const total = round2(x.hotel + x.meals + x.rides);
      const n = owedAt(airport);
      return { airport, currency, hotel: round2(x.hotel), meals: round2(x.meals), rides: round2(x.rides), total, passengersOwedCare: n, perPassenger: n ? round2(total / n) : null };
    })
    .sort((a, b) => Number(b.airport === "ALL") - Number(a.airport === "ALL") || a.airport.localeCompare(b.airport) || a.currency.localeCompare(b.currency));
}

/** The weekly report's care section from the kept rows of the airports the reader may see (null: all): per regime and kind. */
export function careSection(rows: readonly CareComplianceRow[], airports: readonly string[] | null): CareComplianceFigures[] {
  const out = new Map<string, CareComplianceFigures>();
  for (const r of rows) {
    if (airports && !airports.includes(r.airport)) continue;
    const key = `${r.regime}|${r.kind}`;
    const f = out.get(key) ?? { regime: r.regime, kind: r.kind, owed: 0, provided: 0, late: 0, notProvided: 0 };
    out.set(key, { ...f, owed: f.owed + r.owed, provided: f.provided + r.provided, late: f.late + r.late, notProvided: f.notProvided + r.notProvided });
  }
  return [...out.values()].sort((a, b) => a.regime.localeCompare(b.regime) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}
