import { and, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { allocationWaves, type CaseRow, demands, messages, jobRuns, passengers, reservations, vouchers } from "@/db/schema";
import type { HeldGroup } from "@/lib/allocation/schemas";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { failureInWords } from "@/lib/messages/failure";
import { VOUCHER_KINDS } from "@/lib/messages/kinds";
import { type Reach, reachOf } from "@/lib/messages/reach";
import { noServerReason } from "@/lib/messages/channels";
import { noServerWords } from "@/lib/messages/no-server-words";
import { hasPermission } from "@/lib/auth/roles";
import { loadCase } from "@/lib/cases/load";

/** attention: nothing failed, but something needs a setting or a person (mail kept for lack of a mail server) */
export type StepState = "done" | "active" | "failed" | "waiting" | "attention";
export type ProgressStep = {
  key: "demand" | "allocation" | "wave" | "booking" | "vouchers" | "reach";
  label: string;
  state: StepState;
  /** what is true now, in words: "12 of 14 booked", "retrying (attempt 2): provider timeout" */
  detail: string;
  /** failures named one by one: a FAILED run's error, a HELD group's cause, a failed booking's reason */
  problems: string[];
};
export type CaseProgress = { steps: ProgressStep[]; current: ProgressStep["key"] | null };

const ALLOCATION_JOBS = ["allocate-on-approval", "allocate-on-request"];
const BOOKING_JOBS = ["book-wave", "book-group"];
const RUNNING = ["PENDING", "RUNNING", "RETRYING", "SLEEPING", "WAITING"];

/** The smallest UUIDv7 at or after an instant: job run ids are UUIDv7, so runs since then are a range of the tenant index. */
function uuidv7Floor(at: Date): string {
  const hex = Math.max(0, at.getTime() - 60_000).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/**
 * How far a case (or one of its waves) has got, step by step, from what the database holds: the
 * demand's decision, the allocation job's run, the persisted wave, the reservations by status, the
 * vouchers and the passengers reached (email or SMS). The first step not done is the one in progress; a failure is named
 * where it happened, so nobody waits on a step nothing is running.
 */
export async function caseProgress({ ctx, input }: { ctx: Ctx; input: { caseUrn: string; waveUrn?: string } }): Promise<CaseProgress> {
  requirePermission(ctx, "read", "read a case's progress");
  const row = await loadCase(ctx, input.caseUrn);
  const tenant = ctx.principal.tenant;

  const waveWhere = [eq(allocationWaves.caseUrn, row.urn), eq(allocationWaves.tenant, tenant)];
  if (input.waveUrn) waveWhere.push(eq(allocationWaves.urn, input.waveUrn));
  else waveWhere.push(ne(allocationWaves.status, "SUPERSEDED"));
  const [demandRows, waves, runs] = await Promise.all([
    ctx.db.select({ status: demands.status, urn: demands.urn, rooms: demands.roomsRequested }).from(demands).where(eq(demands.caseUrn, row.urn)).orderBy(desc(demands.createdAt)),
    ctx.db
      .select({ urn: allocationWaves.urn, status: allocationWaves.status, demandUrn: allocationWaves.demandUrn, allocations: allocationWaves.allocations, held: allocationWaves.held })
      .from(allocationWaves)
      .where(and(...waveWhere))
      .orderBy(desc(allocationWaves.createdAt)),
    ctx.db
      .select({ functionId: jobRuns.functionId, status: jobRuns.status, attempt: jobRuns.attempt, error: jobRuns.error, waveUrn: sql<string | null>`${jobRuns.event}->'data'->>'waveUrn'` })
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.tenant, tenant),
          gte(jobRuns.id, uuidv7Floor(row.createdAt)),
          inArray(jobRuns.functionId, [...ALLOCATION_JOBS, ...BOOKING_JOBS]),
          sql`${jobRuns.event}->'data'->>'caseUrn' = ${row.urn}`,
        ),
      )
      .orderBy(desc(jobRuns.id)),
  ]);
  const waveUrns = waves.map((w) => w.urn);
  const resRows = waveUrns.length
    ? await ctx.db
        .select({ urn: reservations.urn, status: reservations.status, groupId: reservations.groupId, attempts: reservations.attempts })
        .from(reservations)
        .where(and(eq(reservations.tenant, tenant), inArray(reservations.waveUrn, waveUrns)))
    : [];
  const live = resRows.filter((r) => r.status !== "CANCELLED");
  const resUrns = live.map((r) => r.urn);
  // the groups the case has now: a group held by an earlier wave may since have been split or merged away
  // (read only when a wave holds a group: most case pages have none, and this is their first screen's read)
  const anyHeld = waves.some((w) => (w.held as HeldGroup[]).length > 0);
  const groupIds = new Set(
    anyHeld ? (await ctx.db.selectDistinct({ groupId: passengers.groupId }).from(passengers).where(eq(passengers.caseUrn, row.urn))).map((p) => p.groupId) : [],
  );
  const [voucherRows, failedRows, reach] = resUrns.length
    ? await Promise.all([
        ctx.db.select({ reservationUrn: vouchers.reservationUrn }).from(vouchers).where(inArray(vouchers.reservationUrn, resUrns)),
        ctx.db
          .select({ channel: messages.channel, status: messages.status, lastError: messages.lastError, receipts: messages.receipts, to: messages.recipient })
          .from(messages)
          .where(and(eq(messages.tenant, tenant), eq(messages.status, "FAILED"), inArray(messages.kind, [...VOUCHER_KINDS]), inArray(messages.relatedUrn, resUrns))),
        reachOf(ctx, { passengers: eq(passengers.caseUrn, row.urn), reservations: inArray(reservations.urn, resUrns) }),
      ])
    : [[], [], null];

  const steps: ProgressStep[] = [];
  const approved = demandRows.filter((d) => d.status !== "REQUESTED" && d.status !== "REJECTED");
  const requested = demandRows.filter((d) => d.status === "REQUESTED");
  steps.push({
    key: "demand",
    label: "Demand approved",
    state: approved.length || waves.length ? "done" : requested.length ? "active" : "waiting",
    detail: approved.length
      ? `${approved.reduce((s, d) => s + d.rooms, 0)} rooms approved`
      : requested.length
        ? `${requested[0].rooms} rooms requested, waiting for a supervisor's decision`
        : demandRows.length
          ? "every demand was rejected"
          : "no rooms requested yet",
    problems: [],
  });

  const allocRuns = runs.filter((r) => ALLOCATION_JOBS.includes(r.functionId));
  const lastAlloc = allocRuns[0];
  const allocFailed = lastAlloc?.status === "FAILED" && waves.length === 0;
  steps.push({
    key: "allocation",
    label: "Allocation started",
    state: waves.length ? "done" : allocFailed ? "failed" : lastAlloc ? "active" : "waiting",
    detail: waves.length
      ? "hotels searched and groups placed"
      : !lastAlloc
        ? "not started"
        : allocFailed
          ? `failed after ${lastAlloc.attempt} attempt${lastAlloc.attempt === 1 ? "" : "s"}`
          : lastAlloc.status === "RETRYING"
            ? `retrying (attempt ${lastAlloc.attempt + 1})`
            : lastAlloc.status === "SLEEPING"
              ? "waiting for the airport's batch window"
              : "searching hotels and placing groups",
    problems: allocRuns.filter((r) => (r.status === "FAILED" || r.status === "RETRYING") && r.error).slice(0, 3).map((r) => r.error!.message),
  });

  const placed = waves.reduce((s, w) => s + (w.allocations as unknown[]).length, 0);
  // a group is still held while it exists, no wave placed it and no stay houses it: a held line of an
  // earlier wave, for a group booked since (a split, an override, a rerun), is history, not a problem
  const placedIds = new Set(waves.flatMap((w) => (w.allocations as Array<{ groupId: string }>).map((a) => a.groupId)));
  const housedIds = new Set(live.map((r) => r.groupId));
  // once per group, as the newest wave holding it says (waves come newest first)
  const held = [...new Map(waves.flatMap((w) => w.held as HeldGroup[]).reverse().map((h) => [h.groupId, h])).values()].filter(
    (h) => groupIds.has(h.groupId) && !placedIds.has(h.groupId) && !housedIds.has(h.groupId),
  );
  steps.push({
    key: "wave",
    label: "Wave persisted",
    state: waves.length === 0 ? "waiting" : placed === 0 && held.length ? "failed" : "done",
    detail: waves.length ? `${placed} group${placed === 1 ? "" : "s"} placed${held.length ? `, ${held.length} held` : ""}` : "no wave yet",
    problems: held.map((h) => `PNR ${h.pnr} held: ${h.cause.replaceAll("_", " ").toLowerCase()}${h.detail ? ` (${h.detail})` : ""}`),
  });

  const booked = live.filter((r) => r.status === "CONFIRMED" || r.status === "CHECKED_OUT").length;
  const failedRes = live.filter((r) => r.status === "FAILED");
  const pending = live.filter((r) => r.status === "PENDING").length;
  const bookRuns = runs.filter((r) => BOOKING_JOBS.includes(r.functionId) && (!input.waveUrn || r.waveUrn === input.waveUrn));
  const bookingRunning = bookRuns.some((r) => RUNNING.includes(r.status));
  const bookingDone = placed > 0 && booked + failedRes.length >= placed && !bookingRunning && pending === 0;
  steps.push({
    key: "booking",
    label: "Rooms booked",
    state: placed === 0 ? "waiting" : booked >= placed ? "done" : bookingDone ? "failed" : "active",
    detail: placed === 0 ? "nothing to book yet" : `${booked} of ${placed} booked${pending ? `, ${pending} in progress` : ""}${failedRes.length ? `, ${failedRes.length} failed` : ""}`,
    problems: [
      ...failedRes.map((r) => {
        const last = r.attempts.at(-1);
        return `group ${r.groupId}: ${last?.reason ?? "not booked"}${last?.providerError ? ` (${last.providerError})` : ""}`;
      }),
      ...bookRuns.filter((r) => r.status === "FAILED" && r.error).slice(0, 3).map((r) => `booking job failed: ${r.error!.message}`),
    ],
  });

  const vouchered = voucherRows.length;
  steps.push({
    key: "vouchers",
    label: "Vouchers issued",
    state: booked === 0 ? "waiting" : vouchered >= booked ? "done" : "active",
    detail: booked === 0 ? "after the first booking" : `${vouchered} of ${booked} issued`,
    problems: [],
  });

  steps.push(reachStep(reach, failedRows, vouchered, row.mode, hasPermission(ctx.principal.roles, "settings:write")));

  const current = steps.find((s) => s.state === "active" || s.state === "failed" || s.state === "attention")?.key ?? null;
  return { steps, current };
}

/**
 * Passengers reached, over both channels: an email the mail server accepted (SENT) or an SMS the
 * handset confirmed (DELIVERED). KEPT messages never left the outbox (no server for the channel, or
 * a drill's), so they are their own state, named with what to configure, in amber: not done, and
 * not a failure either; so are passengers whose group has no email and no phone (a printed voucher
 * reaches them). A passenger counts as reached when their group's contact was (lib/messages/reach).
 */
function reachStep(reach: Reach | null, failedRows: FailedMessage[], vouchered: number, mode: CaseRow["mode"], canConfigure: boolean): ProgressStep {
  const base = { key: "reach", label: "Passengers reached" } as const;
  if (!reach || reach.passengers === 0) return { ...base, state: "waiting", detail: vouchered ? "no passenger booked yet" : "after the vouchers", problems: [] };
  const missing = [noServerReason("EMAIL") ? ("mail" as const) : null, noServerReason("SMS") ? ("sms" as const) : null].filter((m) => m !== null);
  // an admin is told the setting; anyone else, whom to tell
  const keptWhy = mode !== "LIVE" ? "a drill's messages are never sent" : missing.length ? noServerWords(missing, canConfigure) : "written before a server was configured; the delivery sweep sends them";
  const parts = [
    `${reach.reached} of ${reach.passengers} reached`,
    reach.waiting ? `${reach.waiting} waiting for delivery` : null,
    reach.failed ? `${reach.failed} failed` : null,
    reach.kept ? `${reach.kept} kept — ${keptWhy}` : null,
    reach.noContact ? `${reach.noContact} whose group has no email or usable phone — hand them a printed voucher` : null,
  ];
  const state: StepState =
    reach.reached === reach.passengers ? "done" : reach.waiting > 0 ? "active" : reach.failed ? "failed" : mode !== "LIVE" && reach.noContact === 0 ? "done" : "attention";
  return { ...base, state, detail: parts.filter(Boolean).join(", "), problems: failedRows.map((m) => `${m.to}: ${failureInWords(m) ?? "not delivered"}`) };
}

type FailedMessage = { channel: string; status: string; lastError: string | null; receipts: { status: string; at: string; code?: string }[]; to: string };
