import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import type { CaseStatus } from "@/lib/vocabulary";
import { type BoardFlight, type BoardWaiting, STUCK_KINDS, type WaitingKind } from "./schemas";

type Row = {
  caseUrn: string;
  flightNumber: string;
  origin: string;
  destination: string;
  status: CaseStatus;
  passengers: number;
  needed: number;
  booked: number;
  booking: number;
} & Record<`${Lowercase<WaitingKind>}_n`, number> &
  Record<`${Lowercase<WaitingKind>}_at`, number | null>;

// each kind's count and oldest instant, as columns of the one statement below
const KIND_COLUMNS: Record<WaitingKind, [count: string, since: string]> = {
  BOOKING_FAILED: ["k.failed_n", "k.failed_at"],
  REVIEW_OVERDUE: ["v.overdue_n", "v.overdue_at"],
  BOOKING_RETRYING: ["k.retrying_n", "k.retrying_at"],
  GROUPS_HELD: ["k.held_n", "k.held_at"],
  REVIEW_OPEN: ["v.open_n", "v.open_at"],
  DEMAND_REQUESTED: ["d.requested_n", "d.requested_at"],
  GROUPS_WAITING: ["k.waiting_n", "k.waiting_at"],
  BOOKING_UNDER_WAY: ["k.pending_n", "k.pending_at"],
};
const KINDS = Object.keys(KIND_COLUMNS) as WaitingKind[];
const STUCK = new Set<WaitingKind>(STUCK_KINDS);
const URGENCY_RANK = { STUCK: 0, WAITING: 1, CALM: 2 } as const;

const ms = (col: string) => `floor(extract(epoch from ${col}) * 1000)::float8`;
const kindSelect = KINDS.map((k) => {
  const [n, at] = KIND_COLUMNS[k];
  const key = k.toLowerCase();
  return `coalesce(${n}, 0)::int AS "${key}_n", ${ms(at)} AS "${key}_at"`;
}).join(",\n       ");

/**
 * One row per open live case of an airport, most urgent first, in ONE statement whatever the number
 * of cases (grouped aggregates over passengers, groups, reservations, review items and demands; no
 * query per case). Each group of a case is in exactly one state, checked in this order: booked (a
 * CONFIRMED or CHECKED_OUT reservation), being booked (PENDING; "retrying" once an attempt asked for a
 * retry), booking failed (FAILED and nothing live since), held (a HELD passenger: no compliant hotel)
 * or waiting for a room; a group whose passengers are all local residents or cancelled needs none.
 * Rooms needed are the manifest's (the groups' rooms), so a case without a demand yet shows its need.
 */
export async function boardFlightRows(ctx: Ctx, scope: { tenant: string; airport: string; now: Date }): Promise<BoardFlight[]> {
  const now = scope.now.toISOString();
  const result = await ctx.db.execute(sql`
    WITH open_cases AS (
      SELECT urn, flight, status FROM cases
      WHERE tenant = ${scope.tenant} AND airport = ${scope.airport} AND mode = 'LIVE' AND status <> 'CLOSED'
    ),
    pax AS (
      SELECT p.case_urn, p.group_id, count(*) AS n,
             bool_or(p.operational_status NOT IN ('LOCAL_RESIDENT', 'CANCELLED')) AS needs_room,
             bool_or(p.operational_status = 'HELD') AS held
      FROM passengers p JOIN open_cases c ON c.urn = p.case_urn
      GROUP BY p.case_urn, p.group_id
    ),
    res AS (
      SELECT r.case_urn, r.group_id,
             coalesce(max(r.rooms) FILTER (WHERE r.status IN ('CONFIRMED', 'CHECKED_OUT')), 0) AS booked_rooms,
             min(r.created_at) FILTER (WHERE r.status = 'PENDING') AS pending_at,
             min(r.created_at) FILTER (WHERE r.status = 'PENDING' AND r.attempts @> '[{"outcome":"RETRY"}]'::jsonb) AS retrying_at,
             max(r.updated_at) FILTER (WHERE r.status = 'FAILED') AS failed_at
      FROM reservations r JOIN open_cases c ON c.urn = r.case_urn
      WHERE r.tenant = ${scope.tenant}
      GROUP BY r.case_urn, r.group_id
    ),
    grp AS (
      SELECT g.case_urn, g.rooms, g.created_at, coalesce(x.n, 0) AS n, coalesce(x.needs_room, false) AS needs_room,
             coalesce(r.booked_rooms, 0) AS booked_rooms, r.pending_at, r.retrying_at, r.failed_at,
             CASE WHEN coalesce(x.needs_room, false) = false THEN 'NONE'
                  WHEN coalesce(r.booked_rooms, 0) > 0 THEN 'BOOKED'
                  WHEN r.retrying_at IS NOT NULL THEN 'RETRYING'
                  WHEN r.pending_at IS NOT NULL THEN 'PENDING'
                  WHEN r.failed_at IS NOT NULL THEN 'FAILED'
                  WHEN x.held THEN 'HELD'
                  ELSE 'WAITING' END AS state
      FROM passenger_groups g JOIN open_cases c ON c.urn = g.case_urn
      LEFT JOIN pax x ON x.case_urn = g.case_urn AND x.group_id = g.group_id
      LEFT JOIN res r ON r.case_urn = g.case_urn AND r.group_id = g.group_id
    ),
    k AS (
      SELECT case_urn, sum(n) AS passengers,
             sum(rooms) FILTER (WHERE needs_room) AS needed,
             sum(least(booked_rooms, rooms)) FILTER (WHERE state = 'BOOKED') AS booked,
             sum(rooms) FILTER (WHERE state IN ('PENDING', 'RETRYING')) AS booking,
             count(*) FILTER (WHERE state = 'FAILED') AS failed_n, min(failed_at) FILTER (WHERE state = 'FAILED') AS failed_at,
             count(*) FILTER (WHERE state = 'RETRYING') AS retrying_n, min(retrying_at) FILTER (WHERE state = 'RETRYING') AS retrying_at,
             count(*) FILTER (WHERE state = 'PENDING') AS pending_n, min(pending_at) FILTER (WHERE state = 'PENDING') AS pending_at,
             count(*) FILTER (WHERE state = 'HELD') AS held_n, min(created_at) FILTER (WHERE state = 'HELD') AS held_at,
             count(*) FILTER (WHERE state = 'WAITING') AS waiting_n, min(created_at) FILTER (WHERE state = 'WAITING') AS waiting_at
      FROM grp GROUP BY case_urn
    ),
    v AS (
      SELECT i.case_urn,
             count(*) FILTER (WHERE i.overdue OR i.sla_due_at < ${now}::timestamptz) AS overdue_n,
             min(i.created_at) FILTER (WHERE i.overdue OR i.sla_due_at < ${now}::timestamptz) AS overdue_at,
             count(*) FILTER (WHERE NOT (i.overdue OR coalesce(i.sla_due_at < ${now}::timestamptz, false))) AS open_n,
             min(i.created_at) FILTER (WHERE NOT (i.overdue OR coalesce(i.sla_due_at < ${now}::timestamptz, false))) AS open_at
      FROM review_items i JOIN open_cases c ON c.urn = i.case_urn
      WHERE i.tenant = ${scope.tenant} AND i.state <> 'RESOLVED'
      GROUP BY i.case_urn
    ),
    d AS (
      SELECT m.case_urn, count(*) AS requested_n, min(m.created_at) AS requested_at
      FROM demands m JOIN open_cases c ON c.urn = m.case_urn
      WHERE m.tenant = ${scope.tenant} AND m.status = 'REQUESTED'
      GROUP BY m.case_urn
    )
    SELECT c.urn AS "caseUrn", c.flight->>'number' AS "flightNumber", c.flight->>'origin' AS origin,
           c.flight->>'destination' AS destination, c.status,
           coalesce(k.passengers, 0)::int AS passengers, coalesce(k.needed, 0)::int AS needed,
           coalesce(k.booked, 0)::int AS booked, coalesce(k.booking, 0)::int AS booking,
           ${sql.raw(kindSelect)}
    FROM open_cases c
    LEFT JOIN k ON k.case_urn = c.urn
    LEFT JOIN v ON v.case_urn = c.urn
    LEFT JOIN d ON d.case_urn = c.urn`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return orderByUrgency(rows.map(toFlight));
}

function toFlight(r: Row): BoardFlight {
  const waiting: BoardWaiting[] = [];
  for (const kind of KINDS) {
    const key = kind.toLowerCase() as Lowercase<WaitingKind>;
    const count = Number(r[`${key}_n`]);
    const at = r[`${key}_at`];
    if (count > 0 && at != null) waiting.push({ kind, count, since: new Date(Number(at)).toISOString() });
  }
  // the most serious first (a failure or something stuck before ordinary waiting), then the oldest
  waiting.sort((a, b) => Number(STUCK.has(b.kind)) - Number(STUCK.has(a.kind)) || a.since.localeCompare(b.since));
  const urgency = waiting.length === 0 ? "CALM" : STUCK.has(waiting[0].kind) ? "STUCK" : "WAITING";
  return {
    caseUrn: r.caseUrn,
    flightNumber: r.flightNumber,
    origin: r.origin,
    destination: r.destination,
    status: r.status,
    passengers: Number(r.passengers),
    rooms: { needed: Number(r.needed), booked: Number(r.booked), booking: Number(r.booking) },
    urgency,
    waiting,
  };
}

const minute = (iso: string | undefined) => (iso ? Math.floor(new Date(iso).getTime() / 60_000) : Number.POSITIVE_INFINITY);
const share = (f: BoardFlight) => (f.rooms.needed > 0 ? f.rooms.booked / f.rooms.needed : 1);

/**
 * Most urgent first: a case with something failed or stuck, then one with something waiting, then
 * the calm ones; within each, the one whose headline has waited longest (to the minute, so cases
 * that broke together tie and the order does not hang on milliseconds), then the least booked share,
 * then the flight number. The clock alone moves a row only when one of its review items falls due.
 */
export function orderByUrgency(flights: BoardFlight[]): BoardFlight[] {
  return [...flights].sort(
    (a, b) =>
      URGENCY_RANK[a.urgency] - URGENCY_RANK[b.urgency] ||
      minute(a.waiting[0]?.since) - minute(b.waiting[0]?.since) ||
      share(a) - share(b) ||
      a.flightNumber.localeCompare(b.flightNumber) ||
      a.caseUrn.localeCompare(b.caseUrn),
  );
}
