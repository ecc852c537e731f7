import { z } from "zod";
import { PreparedBooking } from "@/lib/events/prepared-booking";
import { REVIEW_CATEGORIES } from "@/lib/vocabulary";

const nextFlight = z.object({ number: z.string(), scheduledDeparture: z.string() });

/**
 * Every event the service emits, with its payload schema: the one list `emit`, job triggers,
 * `cancelOn` and `step.waitForEvent` accept, so a misspelt name fails the type check.
 */
export const eventCatalogue = {
  "case/created": z.object({ tenant: z.string(), caseUrn: z.string() }),
  // the next flight changed: the booking job extends or shortens reservations, or re-books
  "case/reaccommodated": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    previousNextFlight: nextFlight.nullable(),
    nextFlight,
    nights: z.number().int(),
    overnight: z.boolean(),
  }),
  "demand/approved": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    demandUrn: z.string(),
    policyUrn: z.string().nullable(),
    policyVersion: z.number().int().nullable(),
  }),
  "review/created": z.object({ tenant: z.string(), reviewUrn: z.string(), caseUrn: z.string() }),
  // an item left the queue (claimed or resolved) or came back to it (released): the SLA job of the item stops or restarts
  "review/claimed": z.object({ tenant: z.string(), reviewUrn: z.string(), caseUrn: z.string() }),
  "review/resolved": z.object({ tenant: z.string(), reviewUrn: z.string(), caseUrn: z.string() }),
  "review/released": z.object({ tenant: z.string(), reviewUrn: z.string(), caseUrn: z.string() }),
  // an item's SLA breached: its priority went up one level (or, HIGH already, it is overdue)
  "review/escalated": z.object({
    tenant: z.string(),
    reviewUrn: z.string(),
    caseUrn: z.string(),
    priority: z.string(),
    escalations: z.number().int(),
    overdue: z.boolean(),
  }),
  // watch an open item's deadline again (after a settings change recomputed it, or a release)
  "review/sla.rescheduled": z.object({ tenant: z.string(), reviewUrn: z.string(), caseUrn: z.string() }),
  // a ride of these stays changed (planned, moved, assigned, dropped): vouchers already stored show it (lib/reactions)
  "transport/rides.changed": z.object({ tenant: z.string(), reservationUrns: z.array(z.string()) }),
  // the desk re-timed or cancelled a ride (one fact per change, `changeUrn` its audit entry): its riders are told (lib/messages/ride-changed.ts)
  "transport/ride.changed": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    segmentUrn: z.string(),
    changeUrn: z.string(),
    change: z.enum(["RETIMED", "CANCELLED"]),
    direction: z.enum(["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"]),
    scheduledAt: z.string(),
    pickupLocation: z.string().nullable(),
    reservationUrns: z.array(z.string()),
  }),
  // the tenant's SLA minutes changed: running SLA jobs stop, one per open item starts over
  "settings/sla.changed": z.object({
    tenant: z.string(),
    // the new minutes per priority (absent on events written before they were carried)
    slaMinutes: z.object({ HIGH: z.number().int(), MEDIUM: z.number().int(), LOW: z.number().int() }).optional(),
  }),
  // a signed outbound delivery (a page or a subscription's event) to send, retried by its job
  "webhook/queued": z.object({ tenant: z.string(), deliveryUrn: z.string() }),
  // allocate (again) for a case: a rerun asked by an operator, or a flush of batched demand
  "allocation/requested": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    demandUrn: z.string().nullable(),
    reason: z.string().min(1),
    // only these passenger groups; all groups still awaiting allocation when absent
    groupIds: z.array(z.string()).optional(),
  }),
  // held: how many groups the wave held (review recommends for their items after the commit, lib/reactions)
  // a domain found something only a person can settle (booking: every hotel failed, a stay change the
  // provider refused, a walked group nobody took): review raises the item under the URN the publisher
  // chose (its audit names it), after the commit; `escalate` sends the case to MANUAL_REVIEW
  "review/needed": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    reviewUrn: z.string(),
    category: z.enum(REVIEW_CATEGORIES),
    airport: z.string().nullable().optional(),
    affectedGroups: z.array(z.string()),
    detail: z.string(),
    waveUrn: z.string().nullable().optional(),
    reservationUrns: z.array(z.string()).default([]),
    attemptedHotels: z.array(z.object({ hotelUrn: z.string(), reason: z.string(), providerError: z.string().optional() })).default([]),
    // false: what is asked is a change at the hotel, not a ranking of other hotels
    recommend: z.boolean().default(true),
    escalate: z.object({ action: z.string(), reason: z.string() }).optional(),
  }),
  "allocation/wave.persisted": z.object({ tenant: z.string(), caseUrn: z.string(), waveUrn: z.string(), held: z.number().int().optional() }),
  // book one group of a wave: its allocation, or (a review rebook, a wave override) the hotel named here
  "booking/requested": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    waveUrn: z.string(),
    groupId: z.string(),
    // the provider of the hotel booked first: the booking job's concurrency key (bounded per provider)
    provider: z.string().optional(),
    target: z.object({ hotelUrn: z.string(), provider: z.string(), providerOfferId: z.string() }).optional(),
    reason: z.string().optional(),
    reviewUrn: z.string().optional(),
    // what the wave decided for the group, prepared once per wave so the booking need not read the wave again
    prepared: PreparedBooking.optional(),
    // a wave's chunk claimed the group and could not book it at once (lib/booking/book-chunk.ts): its claim and where it left off
    handOver: z
      .object({
        claimedBy: z.string(),
        next: z.object({ rank: z.number().int(), attempt: z.number().int() }),
        waitSeconds: z.number(),
        tried: z.array(z.object({ hotelUrn: z.string(), provider: z.string(), attempt: z.number(), at: z.string(), outcome: z.string() }).passthrough()),
      })
      .optional(),
  }),
  // every passenger of the case has a room (booking settled the last wave): for outbound webhooks
  "case/accommodated": z.object({ tenant: z.string(), caseUrn: z.string() }),
  // a wave booked some groups and not others: its demand became PARTIAL
  "demand/partial": z.object({ tenant: z.string(), caseUrn: z.string(), demandUrn: z.string(), bookedGroups: z.array(z.string()), unbookedGroups: z.array(z.string()) }),
  // booking has an outcome for every group placed in a wave (lib/booking/settle.ts): the fact demand, review and
  // cases react to (lib/reactions/wave-settled.ts), and open review items about rooms are checked again.
  // outcome: every placed group booked (fulfilled), some (partial), none (failed); unbooked = failed and held groups
  "wave/settled": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    waveUrn: z.string(),
    // the wave's demand; null: the case's APPROVED demands (a wave made before demands were tracked per wave)
    demandUrn: z.string().nullable().default(null),
    outcome: z.enum(["fulfilled", "partial", "failed"]).optional(),
    bookedGroups: z.array(z.string()).default([]),
    unbookedGroups: z.array(z.string()).default([]),
    // the wave's CONFIRMED and FAILED reservations, for the review item a partial wave raises
    reservationUrns: z.array(z.string()).default([]),
  }),
  "reservation/confirmed": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string() }),
  // the stays of a case confirmed in one transaction (a wave's chunk, or one stay): the passenger's flow takes them together
  "stays/confirmed": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrns: z.array(z.string()).min(1) }),
  "reservation/cancelled": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    reservationUrn: z.string(),
    reason: z.string(),
    // the stay was replaced by this reservation (a re-accommodation or a passenger's choice): no cancellation notice
    replacedBy: z.string().optional(),
    // who ended it: an operator (or the API), or the passenger on their page ("I don't need a hotel")
    cause: z.enum(["OPERATOR", "PASSENGER_DECLINED", "WALKED"]).optional(),
  }),
  // a CONFIRMED reservation's re-confirmations were scheduled or one moved (lib/booking/reconfirm-schedule.ts, reconfirm-retime.ts): the watch (re)starts
  "reservation/reconfirmation.scheduled": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string() }),
  // the hotel no longer holds a CONFIRMED booking (a re-confirmation, or its decline in the extranet): the group is rehoused (lib/booking/walk.ts)
  "reservation/walked": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string(), hotelUrn: z.string(), reason: z.string() }),
  // a stay was rated: a passenger from their page, an operator's problem (lib/quality); the hotel's score moves
  "stay/rated": z.object({ tenant: z.string(), ratingUrn: z.string(), reservationUrn: z.string(), hotelUrn: z.string(), source: z.enum(["PASSENGER", "OPERATOR", "HOTEL"]) }),
  // a supervisor or a policy asked the contracted hotels near an airport for rooms tonight
  "capacity/called": z.object({ tenant: z.string(), callUrn: z.string(), airport: z.string() }),
  // a stay changed in place (its dates, via the provider): `version` is the stay's, bumped by each such change (reservations.stay_version)
  "reservation/changed": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string(), version: z.number().int().min(1) }),
  // a confirmed reservation's voucher is stored (lib/vouchers/issue.ts): its messages are written
  "voucher/issued": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string(), voucherUrn: z.string() }),
  // a stored voucher rendered again with what changed (a ride, a taxi, the care): a ride decided after the voucher left is told once
  "voucher/refreshed": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string() }),
  // a passenger said on their page they need no hotel (the room released where the provider could)
  "passenger/declined": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string(), groupId: z.string(), released: z.boolean() }),
  // the hotel a passenger chose on their page is confirmed (committed with it): the stay it replaces is released by a retried job (inngest/functions/release-chosen-stay.ts)
  "passenger/hotel-chosen": z.object({ tenant: z.string(), caseUrn: z.string(), reservationUrn: z.string(), previousUrn: z.string() }),
  // passengers joined a case after intake (bulk upload): their right to care is decided
  "case/passengers-added": z.object({ tenant: z.string(), caseUrn: z.string(), passengerIds: z.array(z.string()) }),
  // a case's right to care has a new version (lib/care/assess.ts): meal vouchers follow it
  "care/assessed": z.object({ tenant: z.string(), caseUrn: z.string(), version: z.number().int().min(1), trigger: z.string() }),
  // a meal voucher was issued (lib/meals/issue.ts): its messages are written
  "meal/issued": z.object({ tenant: z.string(), caseUrn: z.string(), mealVoucherUrn: z.string() }),
  // confirmed stays' rides are decided and their vouchers sent (inngest/functions/passenger-flow.ts, once per chunk): their
  // re-confirmations are scheduled from the pickups now known (confirmedAt: when the rooms were confirmed, for the
  // AFTER_BOOKING moment). `reservationUrn` alone is the shape of one stay, as events queued before chunks carry it
  "transport/planned": z
    .object({ tenant: z.string(), caseUrn: z.string(), reservationUrns: z.array(z.string()).min(1).max(500).optional(), reservationUrn: z.string().optional(), confirmedAt: z.string().optional() })
    .refine((d) => d.reservationUrns || d.reservationUrn, { message: "reservationUrns or reservationUrn" }),
  // the fleet refused a ride (or none is configured): its night's shortfall item is updated off the passenger's path
  "transport/fleet-refused": z.object({ tenant: z.string(), caseUrn: z.string(), segmentUrn: z.string(), why: z.string(), withoutFleet: z.boolean() }),
  // a taxi voucher was issued at the ride provider (lib/rides/issue.ts): its messages are written
  "ride/issued": z.object({ tenant: z.string(), caseUrn: z.string(), rideVoucherUrn: z.string() }),
  // a message written to the outbox (email or SMS): the delivery job sends it
  "message/queued": z.object({ tenant: z.string(), messageUrn: z.string() }),
} as const;

export type EventCatalogue = Record<string, z.ZodType<Record<string, unknown>>>;
export type EventName = keyof typeof eventCatalogue;
/** What a caller passes to emit (before defaults and transforms). */
export type EventPayload<N extends EventName> = z.input<(typeof eventCatalogue)[N]>;
/** What a job receives once the payload has been parsed. */
export type EventData<N extends EventName> = z.output<(typeof eventCatalogue)[N]>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(eventCatalogue, name);
}
