import { z } from "zod";

/**
 * Every closed vocabulary of the service, defined once: zod enums for validation, OpenAPI and
 * forms, the `as const` arrays for typed database columns (db/schema) and for code. This module
 * imports nothing but zod, so the database schema, the domains and the console may all use it.
 */

const vocab = <const T extends readonly [string, ...string[]]>(values: T, id: string, description?: string) =>
  z.enum(values).meta(description ? { id, description } : { id });

// Passengers and cases ------------------------------------------------------------------------

/** In allocation pass order (spec 4.8): FIRST and BUSINESS, then PREMIUM_ECONOMY, ECONOMY, CREW. */
export const TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
export const Tier = vocab(TIERS, "PassengerTier");
export type Tier = z.infer<typeof Tier>;

/** Contract part 4 names the first four; the others are the usual SSR-style needs a voucher must carry. */
export const SPECIAL_NEEDS = [
  "WHEELCHAIR",
  "CONNECTING_ROOMS",
  "EARLY_CHECK_IN",
  "INFANT",
  "VISUAL_IMPAIRMENT",
  "HEARING_IMPAIRMENT",
  "SERVICE_ANIMAL",
  "MEDICAL",
  "UNACCOMPANIED_MINOR",
] as const;
export const SpecialNeed = vocab(SPECIAL_NEEDS, "SpecialNeed");
export type SpecialNeed = z.infer<typeof SpecialNeed>;

export const OPERATIONAL_STATUSES = [
  "AWAITING_ALLOCATION",
  "ALLOCATED",
  "HELD",
  "BOOKED",
  "CHECKED_OUT",
  "LOCAL_RESIDENT",
  "CANCELLED",
] as const;
export const OperationalStatus = vocab(OPERATIONAL_STATUSES, "OperationalStatus");
export type OperationalStatus = z.infer<typeof OperationalStatus>;

export const CASE_STATUSES = ["OPEN", "ALLOCATING", "BOOKING", "ACCOMMODATED", "MANUAL_REVIEW", "CLOSED", "REOPENED"] as const;
export const CaseStatus = vocab(CASE_STATUSES, "CaseStatus");
export type CaseStatus = z.infer<typeof CaseStatus>;

/** How GET /cases orders its list: by creation (default, newest first), flight number, departure or status. */
export const CASE_SORTS = ["created", "flight", "departure", "status"] as const;
export const CaseSort = vocab(CASE_SORTS, "CaseSort", "list order; created defaults to newest first, the others to ascending");
export type CaseSort = z.infer<typeof CaseSort>;

export const SORT_ORDERS = ["asc", "desc"] as const;
export const SortOrder = vocab(SORT_ORDERS, "SortOrder");
export type SortOrder = z.infer<typeof SortOrder>;

export const CASE_MODES = ["LIVE", "DRILL", "SHADOW"] as const;
export const CaseMode = vocab(CASE_MODES, "CaseMode", "DRILL and SHADOW cases need the ADMIN role");
export type CaseMode = z.infer<typeof CaseMode>;

export const FLIGHT_STATUSES = ["CANCELLED", "DELAYED", "DIVERTED", "SCHEDULED"] as const;
export const FlightStatus = vocab(FLIGHT_STATUSES, "FlightStatus");
export type FlightStatus = z.infer<typeof FlightStatus>;

/**
 * Moments of a case's life the service keeps for timing (the weekly report's time to first voucher,
 * the console's progress): INTAKE_ACKNOWLEDGED is written by the job pipeline when it picks a case up.
 */
export const CASE_MILESTONES = ["INTAKE_ACKNOWLEDGED", "FIRST_WAVE", "FIRST_VOUCHER", "ALL_HOUSED"] as const;
export const CaseMilestone = vocab(CASE_MILESTONES, "CaseMilestone");
export type CaseMilestone = z.infer<typeof CaseMilestone>;

// Demand and policies --------------------------------------------------------------------------

export const DEMAND_TYPES = ["INITIAL", "INCREMENTAL"] as const;
export const DemandType = vocab(DEMAND_TYPES, "DemandType");
export type DemandType = z.infer<typeof DemandType>;

export const DEMAND_STATUSES = ["REQUESTED", "APPROVED", "FULFILLED", "PARTIAL", "REJECTED"] as const;
export const DemandStatus = vocab(DEMAND_STATUSES, "DemandStatus");
export type DemandStatus = z.infer<typeof DemandStatus>;

export const POLICY_STATUSES = ["DRAFT", "ACTIVE", "ARCHIVED"] as const;
export const PolicyStatus = vocab(POLICY_STATUSES, "PolicyStatus");
export type PolicyStatus = z.infer<typeof PolicyStatus>;

export const POLICY_MODES = ["BATCH", "ON_DEMAND"] as const;
export const PolicyMode = vocab(POLICY_MODES, "PolicyMode", "ON_DEMAND runs the wave at approval; BATCH collects approvals of one airport into one wave");
export type PolicyMode = z.infer<typeof PolicyMode>;

export const AMENITIES = [
  "24H_RECEPTION",
  "AIRPORT_SHUTTLE",
  "RESTAURANT",
  "ROOM_SERVICE",
  "WIFI",
  "ACCESSIBLE_ROOMS",
  "CONNECTING_ROOMS",
  "GYM",
  "PARKING",
  "LATE_CHECKOUT",
  "EARLY_CHECK_IN",
  "FAMILY_ROOMS",
] as const;
export const Amenity = vocab(AMENITIES, "Amenity", "normalized amenity tag, the same for every provider");
export type Amenity = z.infer<typeof Amenity>;

/**
 * Hotel sources (spec 1: two external providers and direct contracts). EXPEDIA_RAPID and HOTELBEDS
 * are the external providers' ids, DIRECT the tenant's own negotiated contracts.
 */
export const PROVIDERS = ["EXPEDIA_RAPID", "HOTELBEDS", "DIRECT"] as const;
export const Provider = vocab(PROVIDERS, "HotelProvider");
export type Provider = z.infer<typeof Provider>;

export const PAYMENT_METHODS = ["GUARANTEE", "CARD"] as const;
export const PaymentMethod = vocab(PAYMENT_METHODS, "PaymentMethod");
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const TRANSPORT_MODES = ["SHUTTLE", "PRIVATE_CAR", "TAXI", "NONE"] as const;
export const TransportMode = vocab(TRANSPORT_MODES, "TransportMode", "NONE: passengers make their own way");
export type TransportMode = z.infer<typeof TransportMode>;

// Review queue ----------------------------------------------------------------------------------

export const REVIEW_CATEGORIES = [
  "ALLOCATION_FAILED",
  "BOOKING_FAILED",
  "PAYMENT_FAILED",
  "PARTIAL_FULFILLMENT",
  "POLICY_VIOLATION",
  "MIXED_TIER_GROUP",
  "DATA_INCOMPLETE",
  // the transport fleet had no vehicle of the type a planned segment needs (lib/transport)
  "TRANSPORT_UNASSIGNED",
  // a hotel walked a group (re-confirmation or the extranet's decline) and no other hotel could take it
  "HOTEL_WALKED",
] as const;
export const ReviewCategory = vocab(REVIEW_CATEGORIES, "ReviewCategory");
export type ReviewCategory = z.infer<typeof ReviewCategory>;

export const REVIEW_PRIORITIES = ["HIGH", "MEDIUM", "LOW"] as const;
export const ReviewPriority = vocab(REVIEW_PRIORITIES, "ReviewPriority");
export type ReviewPriority = z.infer<typeof ReviewPriority>;

export const REVIEW_STATES = ["OPEN", "CLAIMED", "RESOLVED"] as const;
export const ReviewState = vocab(REVIEW_STATES, "ReviewState");
export type ReviewState = z.infer<typeof ReviewState>;

// Allocation, booking, transport -----------------------------------------------------------------

/** COMPLETE: every group placed; PARTIAL: some HELD; FAILED: none placed; SUPERSEDED: a rerun replaced it. */
export const WAVE_STATUSES = ["COMPLETE", "PARTIAL", "FAILED", "SUPERSEDED"] as const;
export const WaveStatus = vocab(WAVE_STATUSES, "WaveStatus");
export type WaveStatus = z.infer<typeof WaveStatus>;

/** DEMAND: a demand's approval; RERUN: an operator's rerun; BATCH: the airport's batch window (policy mode BATCH). */
export const WAVE_TRIGGERS = ["DEMAND", "RERUN", "BATCH"] as const;
export const WaveTrigger = vocab(WAVE_TRIGGERS, "WaveTrigger", "DEMAND: a demand's approval; RERUN: POST …/rerun; BATCH: the airport's batch window (policy mode BATCH)");
export type WaveTrigger = z.infer<typeof WaveTrigger>;

export const RESERVATION_STATUSES = ["PENDING", "CONFIRMED", "CHECKED_OUT", "CANCELLED", "FAILED"] as const;
export const ReservationStatus = vocab(RESERVATION_STATUSES, "ReservationStatus");
export type ReservationStatus = z.infer<typeof ReservationStatus>;

export const SEGMENT_STATUSES = ["PLANNED", "ASSIGNED", "COMPLETED", "CANCELLED"] as const;
export const SegmentStatus = vocab(SEGMENT_STATUSES, "SegmentStatus");
export type SegmentStatus = z.infer<typeof SegmentStatus>;

export const SEGMENT_DIRECTIONS = ["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"] as const;
export const SegmentDirection = vocab(SEGMENT_DIRECTIONS, "SegmentDirection");
export type SegmentDirection = z.infer<typeof SegmentDirection>;

export const VEHICLE_TYPES = ["SHUTTLE", "PRIVATE_CAR", "TAXI", "WHEELCHAIR_VAN"] as const;
export const VehicleType = vocab(VEHICLE_TYPES, "VehicleType");
export type VehicleType = z.infer<typeof VehicleType>;

// Notifications ---------------------------------------------------------------------------------

/** How a message reaches its recipient. */
export const MESSAGE_CHANNELS = ["EMAIL", "SMS"] as const;
export const MessageChannel = vocab(MESSAGE_CHANNELS, "MessageChannel");
export type MessageChannel = z.infer<typeof MessageChannel>;

/** What a message is about; with its channel, recipient, related record and version, sent at most once. */
export const MESSAGE_KINDS = ["VOUCHER", "CANCELLATION", "RETURN_LEG", "STAY_CHANGED", "REHOUSED", "CHOICE_CONFIRMED", "DECLINE_CONFIRMED", "WEEKLY_REPORT", "MEAL_VOUCHER", "RIDE_VOUCHER", "CAPACITY_CALL", "RIDE_CHANGED"] as const;
export const MessageKind = vocab(MESSAGE_KINDS, "MessageKind");
export type MessageKind = z.infer<typeof MessageKind>;

/**
 * QUEUED: waiting for the delivery job; SENT: the SMTP server or SMS provider accepted it;
 * DELIVERED: the provider's receipt says it reached the phone; FAILED: refused for good, out of
 * retries, undeliverable or opted out; KEPT: no server is configured for its channel (or its case is
 * a drill), so it stays in the outbox, readable on the console (delivered later once configured).
 */
export const MESSAGE_STATUSES = ["QUEUED", "SENT", "DELIVERED", "FAILED", "KEPT"] as const;
export const MessageStatus = vocab(MESSAGE_STATUSES, "MessageStatus");
export type MessageStatus = z.infer<typeof MessageStatus>;

// Outbound webhooks and paging ------------------------------------------------------------------

/** ALERTING: a page to the tenant's on-call channel (settings); SUBSCRIPTION: an event to an airline system. */
export const DELIVERY_CHANNELS = ["ALERTING", "SUBSCRIPTION"] as const;
export const DeliveryChannel = vocab(DELIVERY_CHANNELS, "DeliveryChannel");
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;

/**
 * PENDING: queued or between attempts; DELIVERED: the receiver answered 2xx; FAILED: out of
 * attempts (or refused for good); NO_CHANNEL: a page with no alerting channel configured, kept for
 * the console (never sent).
 */
export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED", "NO_CHANNEL"] as const;
export const DeliveryStatus = vocab(DELIVERY_STATUSES, "DeliveryStatus");
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const SUBSCRIPTION_STATUSES = ["ACTIVE", "DISABLED"] as const;
export const SubscriptionStatus = vocab(SUBSCRIPTION_STATUSES, "WebhookSubscriptionStatus");
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

// Right to care -----------------------------------------------------------------------------------

/** What happened to the flight (the case payload's `disruption.kind`; absent: CANCELLATION). */
export const DISRUPTION_KINDS = ["CANCELLATION", "DELAY", "DENIED_BOARDING"] as const;
export const DisruptionKind = vocab(DISRUPTION_KINDS, "DisruptionKind");
export type DisruptionKind = z.infer<typeof DisruptionKind>;

/** Whose doing it was; UNKNOWN is treated as within the carrier's control (absent: UNKNOWN). */
export const DISRUPTION_CAUSES = ["CONTROLLABLE", "UNCONTROLLABLE", "SAFETY", "UNKNOWN"] as const;
export const DisruptionCause = vocab(DISRUPTION_CAUSES, "DisruptionCause", "UNKNOWN is treated as within the carrier's control");
export type DisruptionCause = z.infer<typeof DisruptionCause>;

/** What a passenger may be owed while they wait. */
export const CARE_KINDS = ["MEAL", "HOTEL", "TRANSPORT", "COMMUNICATION"] as const;
export const CareKind = vocab(CARE_KINDS, "CareKind");
export type CareKind = z.infer<typeof CareKind>;

/**
 * The rules a right to care is decided under: the passenger-rights regimes, the airline's own care
 * policy (AIRLINE), and a supervisor's override (SUPERVISOR); NONE says no regime covers the flight.
 */
export const CARE_REGIMES = ["EU261", "UK261", "APPR", "US_DOT", "ANAC", "DGCA", "AIRLINE", "SUPERVISOR", "NONE"] as const;
export const CareRegime = vocab(CARE_REGIMES, "CareRegime");
export type CareRegime = z.infer<typeof CareRegime>;

export const MEAL_VOUCHER_STATUSES = ["PENDING", "ISSUED", "REDEEMED", "CANCELLED", "FAILED"] as const;
export const MealVoucherStatus = vocab(MEAL_VOUCHER_STATUSES, "MealVoucherStatus", "PENDING: owed and being issued; ISSUED: the code is the passenger's; REDEEMED at a counter; CANCELLED (rebooked earlier, or by an operator); FAILED: the issuer refused for good");
export type MealVoucherStatus = z.infer<typeof MealVoucherStatus>;

export const RIDE_VOUCHER_STATUSES = ["PENDING", "ISSUED", "USED", "CANCELLED", "FAILED"] as const;
export const RideVoucherStatus = vocab(RIDE_VOUCHER_STATUSES, "RideVoucherStatus");
export type RideVoucherStatus = z.infer<typeof RideVoucherStatus>;

// Hotels that keep their word -----------------------------------------------------------------------

/** When a CONFIRMED reservation is looked up again at its provider (a policy's `reconfirmation` section). */
export const RECONFIRMATION_MOMENTS = ["AFTER_BOOKING", "BEFORE_ARRIVAL"] as const;
export const ReconfirmationMoment = vocab(RECONFIRMATION_MOMENTS, "ReconfirmationMoment", "AFTER_BOOKING: a while after the booking; BEFORE_ARRIVAL: before the passengers' expected arrival at the hotel (the shuttle's pickup)");
export type ReconfirmationMoment = z.infer<typeof ReconfirmationMoment>;

/**
 * SCHEDULED: waits for its moment; HELD: the provider still holds the booking; WALKED: it does not
 * (the reservation was walked); ERROR: the look-up kept failing (the booking is left as it is);
 * SKIPPED: the reservation ended before the moment came.
 */
export const RECONFIRMATION_STATUSES = ["SCHEDULED", "HELD", "WALKED", "ERROR", "SKIPPED"] as const;
export const ReconfirmationStatus = vocab(RECONFIRMATION_STATUSES, "ReconfirmationStatus");
export type ReconfirmationStatus = z.infer<typeof ReconfirmationStatus>;

/** Why a hotel no longer holds a group's booking (a reservation's `walkReason`). */
export const WALK_REASONS = ["CANCELLED_BY_HOTEL", "NOT_FOUND", "OVERBOOKED", "GUARANTEE_REFUSED", "DECLINED_BY_HOTEL"] as const;
export const WalkReason = vocab(WALK_REASONS, "WalkReason", "CANCELLED_BY_HOTEL, NOT_FOUND, OVERBOOKED, GUARANTEE_REFUSED: found on a re-confirmation; DECLINED_BY_HOTEL: the hotel declined the direct booking in the extranet");
export type WalkReason = z.infer<typeof WalkReason>;

/** A contracted hotel's answer to a direct booking in the extranet (a reservation's `hotelConfirmation`). */
export const HOTEL_CONFIRMATIONS = ["CONFIRMED", "DECLINED"] as const;
export const HotelConfirmation = vocab(HOTEL_CONFIRMATIONS, "HotelConfirmation");
export type HotelConfirmation = z.infer<typeof HotelConfirmation>;

/** What the hotel's front desk recorded for a group (a reservation's `arrival`). */
export const ARRIVAL_STATUSES = ["CHECKED_IN", "NO_SHOW"] as const;
export const ArrivalStatus = vocab(ARRIVAL_STATUSES, "ArrivalStatus");
export type ArrivalStatus = z.infer<typeof ArrivalStatus>;

/** What a stay rating may say (a passenger's or an operator's); WALKED and DECLINED are the hotel's own record, counted by the service. */
export const RATING_TAGS = ["DIRTY", "NOISY", "UNSAFE", "REFUSED_VOUCHER", "NO_SHUTTLE", "ROOM_NOT_READY", "RUDE_STAFF", "WALKED", "DECLINED"] as const;
export const RatingTag = vocab(RATING_TAGS, "RatingTag");
export type RatingTag = z.infer<typeof RatingTag>;

/** PASSENGER: from the passenger page (one per reservation); OPERATOR: a problem an operator recorded; HOTEL: the hotel walked or declined a group. */
export const RATING_SOURCES = ["PASSENGER", "OPERATOR", "HOTEL"] as const;
export const RatingSource = vocab(RATING_SOURCES, "RatingSource");
export type RatingSource = z.infer<typeof RatingSource>;
