import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { allocationWaves, cases, demands, messages, passengerGroups, passengers, reservations, reviewItems, transportSegments } from "@/db/schema";
import { WaveSource } from "@/lib/allocation/schemas";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { tonightsCall } from "@/lib/capacity/tonight";
import type { Ctx } from "@/lib/context";
import { heldForLaterOf } from "@/lib/records/held-rooms";
import { reachOf } from "@/lib/messages/reach";
import { noServerReason } from "@/lib/messages/channels";
import { parseInput } from "@/lib/validation";
import { REVIEW_PRIORITIES, type ReviewPriority } from "@/lib/vocabulary";
import { demandsAwaitingDecision } from "@/lib/demand/awaiting";
import { boardFleetShortfalls } from "./fleet-shortfalls";
import { boardFlightRows } from "./flight-rows";
import { boardWalks } from "./walks";
import { type Board, BoardQuery } from "./schemas";

const PRIORITY_ORDER = sql`case ${reviewItems.priority} when 'HIGH' then 0 when 'MEDIUM' then 1 else 2 end`;

/**
 * GET /board: one airport's operations board, read from the database on every call so every web
 * process answers the same. Live cases only: drills and shadow cases would inflate the counts the
 * night shift staffs by. `revision` is a hash of every figure, so a poller refreshes exactly when
 * something on the board changed.
 */
export async function getBoard({ ctx, input: raw }: { ctx: Ctx; input: unknown }): Promise<Board> {
  requirePermission(ctx, "read", "read the operations board");
  const { airport } = parseInput(BoardQuery, raw);
  requireAirport(ctx, airport);
  const tenant = ctx.principal.tenant;
  const openCase = and(eq(cases.tenant, tenant), eq(cases.airport, airport), eq(cases.mode, "LIVE"), ne(cases.status, "CLOSED"));
  const openCaseUrns = ctx.db.select({ urn: cases.urn }).from(cases).where(openCase);
  const startedAt = new Date();

  const [statusRows, [pax], [needed], reservationRows, [held], [forLater], mailRows, reach, reviewRows, [transport], [wave], flights, capacityCall, walks, fleetShortfalls, awaiting] = await Promise.all([
    ctx.db.select({ status: cases.status, n: sql<number>`count(*)::int` }).from(cases).where(openCase).groupBy(cases.status),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(passengers).where(inArray(passengers.caseUrn, openCaseUrns)),
    ctx.db
      .select({ n: sql<number>`coalesce(sum(${demands.roomsRequested}), 0)::int` })
      .from(demands)
      .where(and(inArray(demands.caseUrn, openCaseUrns), ne(demands.status, "REJECTED"))),
    ctx.db
      .select({ status: reservations.status, n: sql<number>`coalesce(sum(${reservations.rooms}), 0)::int` })
      .from(reservations)
      .where(and(inArray(reservations.caseUrn, openCaseUrns), inArray(reservations.status, ["CONFIRMED", "PENDING"])))
      .groupBy(reservations.status),
    ctx.db
      .select({ n: sql<number>`coalesce(sum(${passengerGroups.rooms}), 0)::int` })
      .from(passengerGroups)
      .where(
        and(
          inArray(passengerGroups.caseUrn, openCaseUrns),
          sql`exists (select 1 from ${passengers} where ${passengers.caseUrn} = ${passengerGroups.caseUrn} and ${passengers.groupId} = ${passengerGroups.groupId} and ${passengers.operationalStatus} = 'HELD')`,
        ),
      ),
    ctx.db.select({ n: sql<number>`coalesce(sum(${heldForLaterOf(cases.urn)}), 0)::int` }).from(cases).where(openCase),
    // voucher messages by delivery state, by their own case (messages_case_idx): a join through the night's
    // reservations cost 123 ms idle and seconds during a meltdown, when the board is read most
    ctx.db
      .select({ status: messages.status, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.tenant, tenant), eq(messages.kind, "VOUCHER"), inArray(messages.caseUrn, openCaseUrns)))
      .groupBy(messages.status),
    // passengers of the open cases' confirmed reservations, reached or not, over both channels: one statement
    reachOf(ctx, { passengers: inArray(passengers.caseUrn, openCaseUrns), reservations: inArray(reservations.caseUrn, openCaseUrns) }),
    ctx.db
      .select({
        urn: reviewItems.urn,
        caseUrn: reviewItems.caseUrn,
        flightNumber: sql<string | null>`${cases.flight}->>'number'`,
        category: reviewItems.category,
        priority: reviewItems.priority,
        state: reviewItems.state,
        assignedTo: reviewItems.assignedTo,
        slaDueAt: reviewItems.slaDueAt,
        overdue: reviewItems.overdue,
      })
      .from(reviewItems)
      .innerJoin(cases, eq(cases.urn, reviewItems.caseUrn))
      .where(and(eq(reviewItems.tenant, tenant), eq(reviewItems.airport, airport), ne(reviewItems.state, "RESOLVED"), eq(cases.mode, "LIVE")))
      .orderBy(PRIORITY_ORDER, asc(reviewItems.slaDueAt), asc(reviewItems.urn)),
    ctx.db
      .select({
        segments: sql<number>`count(*)::int`,
        riders: sql<number>`coalesce(sum(${transportSegments.passengerCount}), 0)::int`,
        seats: sql<number>`coalesce(sum(${transportSegments.capacity}), 0)::int`,
      })
      .from(transportSegments)
      .where(and(eq(transportSegments.tenant, tenant), eq(transportSegments.airport, airport), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]))),
    ctx.db
      .select({ urn: allocationWaves.urn, sources: allocationWaves.sources, createdAt: allocationWaves.createdAt })
      .from(allocationWaves)
      .where(and(eq(allocationWaves.tenant, tenant), inArray(allocationWaves.caseUrn, openCaseUrns)))
      .orderBy(desc(allocationWaves.createdAt))
      .limit(1),
    // a row per open case: one statement for all of them (lib/board/flight-rows.ts)
    boardFlightRows(ctx, { tenant, airport, now: startedAt }),
    // tonight's capacity call with its answers, counted in the same statement (lib/capacity/tonight.ts)
    tonightsCall(ctx, airport, startedAt),
    boardWalks(ctx, openCaseUrns),
    // the fleet's shortfall tonight: one decision, its numbers live (lib/board/fleet-shortfalls.ts)
    boardFleetShortfalls(ctx, airport, startedAt),
    // rooms requested and not decided: a supervisor's work, listed beside the review items (issue 31)
    demandsAwaitingDecision({ ctx, airport }),
  ]);

  const now = startedAt.getTime();
  const byPriority = Object.fromEntries(REVIEW_PRIORITIES.map((p) => [p, 0])) as Record<ReviewPriority, number>;
  let overdue = 0;
  for (const r of reviewRows) {
    byPriority[r.priority] += 1;
    if (r.overdue || (r.slaDueAt && r.slaDueAt.getTime() < now)) overdue += 1;
  }
  const rooms = (status: string) => reservationRows.find((r) => r.status === status)?.n ?? 0;
  const figures = {
    airport,
    cases: {
      open: statusRows.reduce((s, r) => s + r.n, 0),
      byStatus: Object.fromEntries(statusRows.map((r) => [r.status, r.n])),
      passengers: pax?.n ?? 0,
    },
    rooms: roomFigures({ needed: needed?.n ?? 0, booked: rooms("CONFIRMED"), pending: rooms("PENDING"), held: held?.n ?? 0, forLater: forLater?.n ?? 0 }),
    emails: { ...emailCounts(mailRows), mailServer: noServerReason("EMAIL") === null },
    reach: { ...reach, mailServer: noServerReason("EMAIL") === null, smsProvider: noServerReason("SMS") === null },
    review: {
      byPriority,
      overdue,
      items: reviewRows.slice(0, 50).map((r) => ({ ...r, slaDueAt: r.slaDueAt?.toISOString() ?? null })),
    },
    demands: awaiting,
    transport: transport ?? { segments: 0, riders: 0, seats: 0 },
    providers: {
      waveUrn: wave?.urn ?? null,
      at: wave?.createdAt.toISOString() ?? null,
      sources: (wave?.sources ?? []).flatMap((s) => {
        const parsed = WaveSource.safeParse(s);
        return parsed.success ? [parsed.data] : [];
      }),
    },
    walks,
    flights,
    capacityCall,
    fleetShortfalls,
  };
  // the overdue count moves with the clock alone; the page counts down itself, so it stays out of the hash
  const revision = createHash("sha256")
    .update(JSON.stringify({ ...figures, review: { ...figures.review, overdue: undefined } }))
    .digest("hex")
    .slice(0, 16);
  return { ...figures, revision, generatedAt: new Date(now).toISOString() };
}

/**
 * Rooms not yet placed: requested, not booked nor being booked, not in a HELD group (counted
 * apart) and not held for passengers added later (no group waits for those).
 */
function roomFigures(r: Omit<Board["rooms"], "notYetPlaced">): Board["rooms"] {
  return { ...r, notYetPlaced: Math.max(0, r.needed - r.booked - r.pending - r.held - r.forLater) };
}

/** Delivered is what the mail server accepted; KEPT (no mail server) and QUEUED are not delivered. */
function emailCounts(rows: { status: string; n: number }[]) {
  const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { delivered: n("SENT"), kept: n("KEPT"), queued: n("QUEUED"), failed: n("FAILED") };
}
