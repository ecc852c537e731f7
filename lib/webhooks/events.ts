import { z } from "zod";
import type { EventData, EventName } from "@/lib/events/catalogue";

/**
 * The outbound events an airline system may subscribe to, each mapped from one internal event of
 * lib/events. Payloads are thin: the URNs of what changed and the few fields a receiver routes on;
 * the receiver reads the records through the API (GET /cases/{caseUrn}, …) with its own token.
 */
const urn = (kind: string) => z.string().meta({ description: `${kind} URN` });

export const WEBHOOK_EVENTS = {
  "case.accommodated": {
    from: "case/accommodated",
    summary: "Every passenger of the case has a confirmed room.",
    data: z.object({ caseUrn: urn("case") }),
    map: (d: EventData<"case/accommodated">) => ({ caseUrn: d.caseUrn }),
  },
  "demand.partial": {
    from: "demand/partial",
    summary: "A wave booked some groups and not others; the demand is PARTIAL and a review item is open for the rest.",
    data: z.object({ caseUrn: urn("case"), demandUrn: urn("demand"), bookedGroups: z.array(z.string()), unbookedGroups: z.array(z.string()) }),
    map: (d: EventData<"demand/partial">) => ({ caseUrn: d.caseUrn, demandUrn: d.demandUrn, bookedGroups: d.bookedGroups, unbookedGroups: d.unbookedGroups }),
  },
  "review.created": {
    from: "review/created",
    summary: "A review item was opened for a human (manual review queue).",
    data: z.object({ reviewUrn: urn("review"), caseUrn: urn("case") }),
    map: (d: EventData<"review/created">) => ({ reviewUrn: d.reviewUrn, caseUrn: d.caseUrn }),
  },
  "review.escalated": {
    from: "review/escalated",
    summary: "A review item breached its SLA: priority raised one level, or flagged overdue when already HIGH.",
    data: z.object({
      reviewUrn: urn("review"),
      caseUrn: urn("case"),
      priority: z.enum(["HIGH", "MEDIUM", "LOW"]),
      escalations: z.number().int().meta({ description: "breaches so far" }),
      overdue: z.boolean(),
    }),
    map: (d: EventData<"review/escalated">) => ({ reviewUrn: d.reviewUrn, caseUrn: d.caseUrn, priority: d.priority, escalations: d.escalations, overdue: d.overdue }),
  },
  "reservation.confirmed": {
    from: "reservation/confirmed",
    summary: "A hotel reservation was confirmed (the voucher follows).",
    data: z.object({ reservationUrn: urn("reservation"), caseUrn: urn("case") }),
    map: (d: EventData<"reservation/confirmed">) => ({ reservationUrn: d.reservationUrn, caseUrn: d.caseUrn }),
  },
  "reservation.cancelled": {
    from: "reservation/cancelled",
    summary: "A reservation was cancelled.",
    data: z.object({ reservationUrn: urn("reservation"), caseUrn: urn("case"), reason: z.string() }),
    map: (d: EventData<"reservation/cancelled">) => ({ reservationUrn: d.reservationUrn, caseUrn: d.caseUrn, reason: d.reason }),
  },
} as const satisfies Record<string, { from: EventName; summary: string; data: z.ZodType; map: (d: never) => Record<string, unknown> }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: "WebhookEventType" });

/** The page an SLA breach sends to the alerting channel: not subscribable, same envelope and signature. */
export const PAGE_EVENT_TYPE = "sla.breach";
export const PageData = z.object({
  reviewUrn: urn("review"),
  caseUrn: urn("case"),
  airport: z.string().nullable(),
  category: z.string(),
  previousPriority: z.enum(["HIGH", "MEDIUM", "LOW"]),
  priority: z.enum(["HIGH", "MEDIUM", "LOW"]),
  breach: z.number().int().meta({ description: "1 for the item's first breach, 2 for the next, …" }),
  overdue: z.boolean(),
  slaMinutes: z.number().int(),
  dueAt: z.string().meta({ description: "the deadline that passed" }),
  nextDueAt: z.string(),
  mode: z.enum(["LIVE", "DRILL", "SHADOW"]).meta({ description: "always LIVE when sent: a drill's page is kept in the delivery log" }),
});

/** Every delivery's body. `id` is the delivery URN: the same on a retry or a redelivery, so a receiver can drop duplicates. */
export function envelope<D extends z.ZodType>(type: string, data: D) {
  return z.object({
    id: urn("delivery"),
    type: z.literal(type),
    occurredAt: z.string().meta({ description: "when the event happened (ISO 8601 UTC)" }),
    tenant: z.string(),
    data,
  });
}

export type Envelope = { id: string; type: string; occurredAt: string; tenant: string; data: Record<string, unknown> };
