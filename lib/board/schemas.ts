import { z } from "zod";
import { WaveSource } from "@/lib/allocation/schemas";
import { IataCode } from "@/lib/primitives";
import { CaseStatus, ReviewCategory, ReviewPriority, ReviewState, VehicleType } from "@/lib/vocabulary";

export const BoardQuery = z.object({ airport: IataCode });
export type BoardQuery = z.infer<typeof BoardQuery>;

export const BoardReviewItem = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    flightNumber: z.string().nullable(),
    category: ReviewCategory,
    priority: ReviewPriority,
    state: ReviewState,
    assignedTo: z.string().nullable(),
    slaDueAt: z.iso.datetime().nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: "BoardReviewItem" });

export const BoardDemand = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    airport: z.string(),
    flightNumber: z.string().nullable(),
    roomsRequested: z.number().int(),
    stillNeeded: z.number().int().meta({ description: "rooms the manifest needs beyond the case's other demands" }),
    requestedAt: z.iso.datetime().meta({ description: "when the rooms were requested: the wait's start" }),
  })
  .meta({ id: "BoardDemand", description: "a demand waiting for a supervisor's approval" });

/**
 * What a case has waiting, most serious first. The first four are "stuck" (a person must look):
 * a booking that failed with nothing live since, a review item past its SLA, a booking the provider
 * keeps refusing for now (retrying), a group the wave held (no compliant hotel, mixed tiers…: a person decides).
 */
export const WAITING_KINDS = [
  "BOOKING_FAILED",
  "REVIEW_OVERDUE",
  "BOOKING_RETRYING",
  "GROUPS_HELD",
  "REVIEW_OPEN",
  "DEMAND_REQUESTED",
  "GROUPS_WAITING",
  "BOOKING_UNDER_WAY",
] as const;
export const STUCK_KINDS = WAITING_KINDS.slice(0, 4);
export type WaitingKind = (typeof WAITING_KINDS)[number];

export const BoardWaiting = z.object({
  kind: z.enum(WAITING_KINDS),
  count: z.number().int().meta({ description: "groups, bookings, review items or demands in that state" }),
  since: z.iso.datetime().meta({
    description:
      "when the oldest of them started waiting: a group's creation, a booking's start, a failed booking's failure, a review item's or demand's creation",
  }),
});
export type BoardWaiting = z.infer<typeof BoardWaiting>;

export const BoardFlight = z
  .object({
    caseUrn: z.string(),
    flightNumber: z.string(),
    origin: z.string(),
    destination: z.string(),
    status: CaseStatus,
    passengers: z.number().int(),
    rooms: z.object({
      needed: z.number().int().meta({ description: "rooms of the case's groups that still need one (the manifest's need, not the demands')" }),
      booked: z.number().int().meta({ description: "rooms of those groups held by a CONFIRMED or CHECKED_OUT reservation" }),
      booking: z.number().int().meta({ description: "rooms of those groups being booked (PENDING)" }),
    }),
    urgency: z.enum(["STUCK", "WAITING", "CALM"]).meta({ description: "STUCK when the first waiting thing is stuck, CALM when nothing waits" }),
    waiting: z.array(BoardWaiting).meta({ description: "stuck things first, then the oldest; the first is the row's headline" }),
  })
  .meta({ id: "BoardFlight", description: "One open case on the board" });
export type BoardFlight = z.infer<typeof BoardFlight>;

export const BoardCapacityCall = z
  .object({
    urn: z.string(),
    at: z.iso.datetime(),
    automatic: z.boolean().meta({ description: "sent by the policy threshold, not by a supervisor" }),
    roomsShort: z.number().int().meta({ description: "rooms short when the call went out" }),
    asked: z.number().int().meta({ description: "contracted hotels the call went to" }),
    answered: z.number().int().meta({ description: "hotels that answered" }),
    roomsOffered: z.number().int().meta({ description: "rooms the answers offer" }),
  })
  .meta({ id: "BoardCapacityCall", description: "tonight's newest capacity call at the airport, its answers counted live" });
export type BoardCapacityCall = z.infer<typeof BoardCapacityCall>;

export const BoardHotelWalks = z
  .object({
    hotelUrn: z.string(),
    hotelName: z.string().nullable(),
    walked: z.number().int().meta({ description: "stays of the open live cases this hotel walked (a re-confirmation found the booking gone, or it declined it)" }),
    rehoused: z.number().int().meta({ description: "of them, groups rehoused at another hotel (a CONFIRMED replacement)" }),
    waiting: z.number().int().meta({ description: "walked − rehoused: groups still without a room (the rehousing under way, or a HOTEL_WALKED review item)" }),
  })
  .meta({ id: "BoardHotelWalks" });
export type BoardHotelWalks = z.infer<typeof BoardHotelWalks>;

export const BoardFleetShortfall = z
  .object({
    night: z.string().meta({ description: "the airport's night (YYYY-MM-DD, local): the night under way when its cases' flights were disrupted" }),
    tonight: z.boolean().meta({ description: "the night under way now" }),
    rides: z.number().int().meta({ description: "rides the fleet refused that still have no vehicle (PLANNED)" }),
    seats: z.number().int().meta({ description: "their riders: seats missing" }),
    byType: z.array(z.object({ vehicleType: VehicleType, rides: z.number().int(), seats: z.number().int() })),
    taxi: z.object({
      rides: z.number().int().meta({ description: "refused rides taxi vouchers (FLEET_UNAVAILABLE) stand for" }),
      vouchers: z.number().int().meta({ description: "those taxi vouchers, not cancelled or failed" }),
    }),
    capacity: z
      .array(z.object({ vehicleType: VehicleType, asked: z.number().int(), granted: z.number().int().nullable().meta({ description: "null: no answer yet" }) }))
      .meta({ description: "what the fleet was asked to add, once per vehicle type, and granted" }),
    cases: z.number().int().meta({ description: "cases whose rides were refused" }),
    reviewItemUrn: z.string().nullable().meta({ description: "the one open TRANSPORT_UNASSIGNED item for the shortfall (null: resolved)" }),
    openItems: z.number().int().meta({ description: "review items open for the shortfall: 1 or 0" }),
  })
  .meta({ id: "BoardFleetShortfall", description: "An airport's night whose rides the fleet refused: one decision, one review item (docs/transport.md)" });
export type BoardFleetShortfall = z.infer<typeof BoardFleetShortfall>;

export const Board = z
  .object({
    airport: z.string(),
    revision: z.string().meta({ description: "changes whenever any figure of the board changes; poll and compare" }),
    generatedAt: z.iso.datetime(),
    cases: z.object({
      open: z.number().int().meta({ description: "live cases not CLOSED" }),
      byStatus: z.partialRecord(CaseStatus, z.number().int()),
      passengers: z.number().int(),
    }),
    rooms: z.object({
      needed: z.number().int().meta({ description: "rooms requested by the open cases' demands that were not rejected" }),
      booked: z.number().int().meta({ description: "rooms in CONFIRMED reservations" }),
      pending: z.number().int().meta({ description: "rooms in PENDING reservations (booking under way)" }),
      held: z.number().int().meta({ description: "rooms of groups whose passengers are HELD (no compliant hotel yet)" }),
      forLater: z.number().int().meta({
        description: "approved rooms no group waits for, held as a block for passengers added later (not a shortfall, not rooms to place)",
      }),
      notYetPlaced: z.number().int().meta({ description: "max(0, needed − booked − pending − held − forLater): requested rooms no group has been placed in yet" }),
    }),
    emails: z
      .object({
        delivered: z.number().int().meta({ description: "voucher emails the mail server accepted (SENT)" }),
        kept: z.number().int().meta({ description: "voucher emails KEPT in the outbox, not sent: no mail server (SMTP_URL) was configured when they were written" }),
        queued: z.number().int().meta({ description: "voucher emails waiting for the mailer" }),
        failed: z.number().int().meta({ description: "voucher emails refused or out of retries" }),
        mailServer: z.boolean().meta({ description: "whether a mail server (SMTP_URL) is configured; without one every voucher email is KEPT" }),
      })
      .meta({ description: "the open live cases' voucher emails by delivery state" }),
    reach: z
      .object({
        passengers: z.number().int().meta({ description: "passengers of the open live cases whose group holds a CONFIRMED reservation" }),
        reached: z.number().int().meta({ description: "of them, those whose group (an address of any of its passengers) got a voucher, rehousing, choice or stay-change message SENT by email or DELIVERED by SMS" }),
        waiting: z.number().int().meta({ description: "not reached yet: a message queued or on its way (or not yet written)" }),
        failed: z.number().int().meta({ description: "not reached: every message to them failed (see their case's messages)" }),
        kept: z.number().int().meta({ description: "not reached: their messages were KEPT, no server configured for the channel" }),
        noContact: z.number().int().meta({ description: "in a group none of whose passengers has an email or a phone we can text: hand them a printed voucher" }),
        mailServer: z.boolean().meta({ description: "whether a mail server (SMTP_URL) is configured" }),
        smsProvider: z.boolean().meta({ description: "whether an SMS provider (SMS_URL) is configured" }),
      })
      .meta({ description: "passengers not yet reached, by why; each passenger counts once, in the first that applies: reached, noContact, waiting, kept, failed" }),
    review: z.object({
      byPriority: z.record(ReviewPriority, z.number().int()),
      overdue: z.number().int(),
      items: z.array(BoardReviewItem).meta({ description: "unresolved items, most urgent first, at most 50" }),
    }),
    demands: z.array(BoardDemand).meta({ description: "demands waiting for a supervisor's approval, oldest first: work for a person like a review item" }),
    transport: z.object({
      segments: z.number().int().meta({ description: "PLANNED and ASSIGNED segments" }),
      riders: z.number().int(),
      seats: z.number().int().meta({ description: "capacity of the segments that have one" }),
    }),
    providers: z.object({
      waveUrn: z.string().nullable().meta({ description: "the airport's latest wave, whose hotel sources are shown" }),
      at: z.iso.datetime().nullable(),
      sources: z.array(WaveSource),
    }),
    capacityCall: BoardCapacityCall.nullable().optional().meta({ description: "tonight's capacity call at the airport (null: nobody called the hotels tonight)" }),
    fleetShortfalls: z
      .array(BoardFleetShortfall)
      .optional()
      .meta({ description: "tonight's fleet shortfall at the airport, and older nights' still open, newest first" }),
    walks: z.array(BoardHotelWalks).meta({ description: "tonight's walks by hotel (the open live cases' walked stays), most first" }),
    flights: z
      .array(BoardFlight)
      .optional()
      .meta({ description: "one row per open case, most urgent first (docs/console.md, \"The board\")" }),
  })
  .meta({ id: "Board", description: "One airport's live operations board" });
export type Board = z.infer<typeof Board>;
export type BoardReviewItem = z.infer<typeof BoardReviewItem>;

