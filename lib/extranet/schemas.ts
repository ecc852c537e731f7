import { z } from "zod";
import { PRINTABLE_NOTE, UNPRINTABLE_MESSAGE, unprintableChar } from "@/lib/printable";
import { CalendarDate, IsoTime, Reason, Urn } from "@/lib/primitives";
import { ArrivalStatus, HotelConfirmation, Provider, ReservationStatus, SpecialNeed, WalkReason } from "@/lib/vocabulary";

/**
 * The extranet's shapes (issue 22 part 2): what a contracted hotel's desk sees and says. A hotel
 * sees its guests' names, rooms, special needs and when the shuttle brings them; never their
 * contacts, PNR, flight or anything of another hotel or airline.
 */

const LocalDate = z.iso.date().meta({ description: "a calendar date in the hotel's time zone, YYYY-MM-DD", example: "2026-11-21" });

export const ArrivalsQuery = z.object({
  // a night asked for is a sane date (shared window): 9999-12-31 or 0000-01-01 made the night's bounds throw
  date: CalendarDate.optional().meta({ description: "the night of check-in, in the hotel's local calendar (YYYY-MM-DD, from 2000-01-01 to two years ahead); default: the night under way there (until 05:00 local, last evening's)" }),
});

export const Arrival = z
  .object({
    reservationUrn: z.string(),
    confirmationCode: z.string().nullable().meta({ description: "what the guests quote at the desk (the provider's confirmation)" }),
    provider: Provider.meta({ description: "DIRECT bookings are the hotel's to confirm or decline; others came through a provider" }),
    status: ReservationStatus,
    rooms: z.number().int(),
    checkIn: LocalDate,
    checkOut: LocalDate,
    guests: z.array(z.string()).meta({ description: `"LASTNAME, First" in manifest order; an erased passenger is "(name erased)"` }),
    specialNeeds: z.array(SpecialNeed).meta({ description: "the group's special needs, each once" }),
    arrivalEstimate: IsoTime.nullable().meta({ description: "when the shuttle from the airport should reach the hotel: its pickup plus the ride's estimate; null without a ride" }),
    arrivalEstimateLocal: z.string().nullable().meta({ description: "the same as the desk reads it, HH:mm in the hotel's time zone", example: "21:40" }),
    hotelConfirmation: HotelConfirmation.nullable().meta({ description: "the hotel's answer to a direct booking; null: not answered yet" }),
    arrival: ArrivalStatus.nullable().meta({ description: "the desk's record for the group; null: not recorded yet" }),
  })
  .meta({ id: "HotelArrival" });
export type Arrival = z.infer<typeof Arrival>;

export const Arrivals = z
  .object({
    hotelUrn: z.string(),
    hotelName: z.string(),
    date: LocalDate,
    timeZone: z.string().meta({ example: "Europe/Paris" }),
    rooms: z.number().int().meta({ description: "rooms of the listed bookings" }),
    guests: z.number().int(),
    arrivals: z.array(Arrival),
  })
  .meta({ id: "HotelArrivals" });
export type Arrivals = z.infer<typeof Arrivals>;

/** A booking as the hotel's answer and the desk's record leave it. */
export const HotelBooking = z
  .object({
    reservationUrn: z.string(),
    hotelUrn: z.string(),
    status: ReservationStatus,
    hotelConfirmation: HotelConfirmation.nullable(),
    hotelConfirmedAt: IsoTime.nullable().meta({ description: "when the hotel answered (confirmed or declined)" }),
    arrival: ArrivalStatus.nullable(),
    arrivalRecordedAt: IsoTime.nullable(),
    walkedAt: IsoTime.nullable(),
    walkReason: WalkReason.nullable(),
  })
  .meta({ id: "HotelBooking" });
export type HotelBooking = z.infer<typeof HotelBooking>;

/** A booking at a hotel, as the extranet's routes name it (the verbs answer 404 for one that is not the hotel's). */
export const BookingRef = z.object({ hotelUrn: z.string().min(1).max(200), reservationUrn: z.string().min(1).max(200) });

export const DeclineBookingBody = z
  .object({
    // the walk's detail: the rehousing may quote it to the passengers, so printable on one line
    reason: Reason.refine((v) => !unprintableChar(v), UNPRINTABLE_MESSAGE).meta({ description: `why the hotel cannot take the group: kept in the audit log and with the walk; ${PRINTABLE_NOTE}` }),
  })
  .meta({ id: "DeclineBookingBody" });

/** Absurd on its face whatever the currency: no contracted hotel offers more rooms for one night. */
export const MAX_ROOMS = 2000;

/**
 * A rate a hotel names for a night, in the contract's currency: at least 0.01 and in cents (at most
 * two decimals), so no rate of 1e-300 or 89.999999 reaches a price, a voucher or a report. The upper
 * bound is the contract's (ten times its rate, checked where the contract is read).
 */
export const NightlyRate = z
  .number()
  .finite()
  .min(0.01, "at least 0.01")
  .max(1_000_000)
  // in cents, allowing for binary fractions: 89.99 * 100 is 8998.999999999999
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "at most two decimals");

export const InventoryBody = z
  .object({
    date: CalendarDate.meta({ description: "the night of check-in, in the hotel's local calendar: the night under way there (until 05:00 local, last evening's) or later, at most a year ahead" }),
    rooms: z.number().int().min(0).max(MAX_ROOMS).meta({ description: "rooms the hotel still offers that night, bookings already made not counted; 0 closes the night" }),
    nightlyRate: NightlyRate.nullable()
      .optional()
      .meta({ description: "that night's rate in the contract's currency, 0.01 or more with at most two decimals; absent or null: the contract's rate. More than ten times the contract's rate is refused as a typo" }),
  })
  .meta({ id: "HotelInventoryBody" });
export type InventoryInput = z.input<typeof InventoryBody>;

export const HotelInventory = z
  .object({
    hotelUrn: z.string(),
    date: LocalDate,
    rooms: z.number().int(),
    nightlyRate: z.number().meta({ description: "the rate the DIRECT source offers that night" }),
    currency: z.string(),
    contractRate: z.number().meta({ description: "the contract's own rate, for comparison" }),
    updatedAt: IsoTime,
  })
  .meta({ id: "HotelInventory" });
export type HotelInventory = z.infer<typeof HotelInventory>;

export const CheckInBody = z
  .object({
    reservationUrn: Urn("reservation"),
    status: ArrivalStatus.meta({ description: "CHECKED_IN: the group arrived; NO_SHOW: it did not come. Recording again corrects the record" }),
  })
  .meta({ id: "HotelCheckInBody" });
export type CheckInInput = z.input<typeof CheckInBody>;
