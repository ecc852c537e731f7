import type { BadgeVariant } from "@/components/ui/badge";

/**
 * One language of urgency for the whole console, used by every status, priority and SLA badge:
 * red needs a person now, amber soon, blue is in motion, green is done, grey is over. Colour is
 * never alone: each tone has its own icon and the badge spells the state out, so a colour-blind
 * operator reads the same thing (see status-badge.tsx).
 */
export type Tone = "urgent" | "attention" | "active" | "done" | "over" | "draft";

export const TONE_VARIANT: Record<Tone, BadgeVariant> = {
  urgent: "destructive",
  attention: "warning",
  active: "info",
  done: "success",
  over: "muted",
  draft: "outline",
};

const STATUS_TONES: Record<string, Tone> = {
  // cases: an open case is work in motion; one waiting on a person is amber; closed is over
  OPEN: "active",
  ALLOCATING: "active",
  BOOKING: "active",
  ACCOMMODATED: "done",
  MANUAL_REVIEW: "attention",
  CLOSED: "over",
  REOPENED: "active",
  // demand
  REQUESTED: "attention",
  APPROVED: "active",
  FULFILLED: "done",
  PARTIAL: "attention",
  REJECTED: "over",
  // shown (not stored) for a demand still REQUESTED when its case closed
  WITHDRAWN: "over",
  // policies
  DRAFT: "draft",
  ACTIVE: "done",
  ARCHIVED: "over",
  // reservations, review, segments
  PENDING: "active",
  CONFIRMED: "done",
  CHECKED_OUT: "over",
  CANCELLED: "over",
  FAILED: "urgent",
  CLAIMED: "active",
  RESOLVED: "done",
  PLANNED: "active",
  ASSIGNED: "active",
  // allocation waves
  COMPLETE: "done",
  SUPERSEDED: "over",
  // jobs
  QUEUED: "over",
  RUNNING: "active",
  SLEEPING: "over",
  RETRYING: "attention",
  COMPLETED: "done",
  // emails: delivered is done; kept (no mail server) needs a setting, amber, not red
  SENT: "done",
  KEPT: "attention",
  // SMS: the handset's receipt
  DELIVERED: "done",
  // tokens
  EXPIRED: "over",
  REVOKED: "urgent",
};

export function statusTone(status: string): Tone {
  return STATUS_TONES[status] ?? "draft";
}

export type Priority = "HIGH" | "MEDIUM" | "LOW";

const PRIORITY_TONES: Record<Priority, Tone> = { HIGH: "urgent", MEDIUM: "attention", LOW: "over" };
export const PRIORITY_RANK: Record<Priority, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

export function priorityTone(priority: Priority): Tone {
  return PRIORITY_TONES[priority];
}

/** An SLA's state: past due, due within the warning window, comfortably ahead, or no clock at all. */
export type SlaState = "overdue" | "due-soon" | "ok" | "none";

/** Due within this long counts as "due soon": a night-shift operator sees it before it breaches. */
export const DUE_SOON_MS = 15 * 60_000;

export function slaState(item: { slaDueAt: string | null; state?: string; overdue?: boolean }, now: Date): SlaState {
  if (item.state === "RESOLVED" || !item.slaDueAt) return "none";
  const left = new Date(item.slaDueAt).getTime() - now.getTime();
  if (item.overdue || left < 0) return "overdue";
  return left <= DUE_SOON_MS ? "due-soon" : "ok";
}

const SLA_TONES: Record<SlaState, Tone> = { overdue: "urgent", "due-soon": "attention", ok: "over", none: "over" };

export function slaTone(state: SlaState): Tone {
  return SLA_TONES[state];
}

const SLA_RANK: Record<SlaState, number> = { overdue: 0, "due-soon": 1, ok: 2, none: 3 };

/**
 * Most urgent first: overdue, then due soon, then by priority; ties keep their order (the list's
 * oldest-first), since Array.prototype.sort is stable.
 */
export function byUrgency<T extends { slaDueAt: string | null; state?: string; overdue?: boolean; priority: Priority }>(items: readonly T[], now: Date): T[] {
  const rank = (i: T) => SLA_RANK[slaState(i, now)] * 10 + PRIORITY_RANK[i.priority];
  return [...items].sort((a, b) => rank(a) - rank(b));
}
