import { z } from "zod";
import { PRINTABLE_NOTE, requiredPrintable, UNPRINTABLE_MESSAGE, unprintableChar } from "@/lib/printable";
import { IataCode, IsoTime, Money, pageQuery, Reason, requiredText, Urn } from "@/lib/primitives";
import { ArrivalStatus, HotelConfirmation, PaymentMethod, Provider, ReconfirmationMoment, ReconfirmationStatus, ReservationStatus, WalkReason } from "@/lib/vocabulary";

/**
 * The reservation as the API and the console show it (spec 2.6, 4.6; contract part 4): one per
 * booked group, keyed for idempotency by (caseUrn, waveUrn, groupId). Only the payment method is
 * shown: a card token never leaves the database.
 */

export const BookingAttempt = z
  .object({
    hotelUrn: z.string(),
    provider: Provider,
    attempt: z.number().int().meta({ description: "1-based, per hotel: the primary gets up to 5, each fallback 1" }),
    at: IsoTime,
    outcome: z.enum(["CONFIRMED", "RETRY", "STOP"]),
    reason: z.string().optional().meta({ description: "e.g. hotel-full, rate-limited, provider-unavailable, payment-refused" }),
    providerError: z.string().optional(),
    waitSeconds: z.number().optional().meta({ description: "the wait before the next attempt" }),
  })
  .meta({ id: "BookingAttempt" });
export type BookingAttempt = z.infer<typeof BookingAttempt>;

export const Reconfirmation = z
  .object({
    moment: ReconfirmationMoment,
    dueAt: IsoTime,
    status: ReconfirmationStatus.meta({ description: "SCHEDULED until its time; HELD: the provider holds the booking; WALKED: it does not (the reservation was walked); ERROR: every look-up failed (nobody walked); SKIPPED: the reservation was no longer CONFIRMED" }),
    checkedAt: IsoTime.nullable(),
    providerStatus: z.string().nullable().meta({ description: "what the provider answered: its booking status (CONFIRMED, CANCELLED (OVERBOOKED), NOT_FOUND…) or ERROR" }),
    lastError: z.string().nullable().meta({ description: "the error of the last failed look-up" }),
    attempts: z.number().int().meta({ description: "look-ups made" }),
  })
  .meta({ id: "Reconfirmation", description: "one look-up of the booking at its provider, at a moment its policy sets (walk protection)" });
export type Reconfirmation = z.infer<typeof Reconfirmation>;

export const Reservation = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    waveUrn: z.string(),
    groupId: z.string(),
    airport: z.string(),
    hotelUrn: z.string(),
    hotelName: z.string().nullable(),
    provider: Provider,
    providerOfferId: z.string().nullable(),
    providerRef: z.string().nullable().meta({ description: "the provider's booking id" }),
    confirmationCode: z.string().nullable().meta({ description: "what the guest quotes at the front desk" }),
    status: ReservationStatus,
    rooms: z.number().int(),
    checkIn: IsoTime,
    checkOut: IsoTime,
    total: Money,
    payment: z.object({ method: PaymentMethod }).meta({ description: "GUARANTEE (the airline's corporate account) or CARD (a payment service provider token, never shown)" }),
    cancellationReason: z.string().nullable(),
    voucherUrn: z.string().nullable(),
    previousUrn: z.string().nullable().meta({ description: "a re-accommodation's booking: the reservation whose stay this one continues or replaces" }),
    stayChange: z
      .enum(["CONTINUATION", "REPLACEMENT"])
      .nullable()
      .meta({ description: "CONTINUATION: the missing nights at the same hotel, after the previous stay; REPLACEMENT: the whole stay at the next-ranked hotel, the previous one released" }),
    cancellable: z.boolean().meta({ description: "whether the provider can cancel it through the API (Expedia Rapid's self-service tier cannot)" }),
    attempts: z.array(BookingAttempt).meta({ description: "every provider call the booking made, with its outcome" }),
    reconfirmations: z.array(Reconfirmation).meta({ description: "its re-confirmations with the provider, by due time" }),
    walkedAt: IsoTime.nullable().meta({ description: "when the hotel was found no longer to hold the booking (the reservation is then CANCELLED and its group rehoused)" }),
    walkReason: WalkReason.nullable(),
    walkDetail: z.string().nullable().meta({ description: "what the provider or the hotel said" }),
    hotelConfirmation: HotelConfirmation.nullable().meta({
      description: "a contracted hotel's answer to a direct booking in its extranet: CONFIRMED, or DECLINED (the reservation is then walked, DECLINED_BY_HOTEL, its reason in walkDetail); null: not answered",
    }),
    hotelConfirmedAt: IsoTime.nullable().meta({ description: "when the hotel answered in its extranet" }),
    arrival: ArrivalStatus.nullable().meta({ description: "what the hotel's front desk recorded for the group in its extranet: CHECKED_IN or NO_SHOW; null: nothing recorded" }),
    arrivalRecordedAt: IsoTime.nullable().meta({ description: "when the front desk recorded it" }),
    createdAt: IsoTime,
    updatedAt: IsoTime,
  })
  .meta({ id: "Reservation" });
export type Reservation = z.infer<typeof Reservation>;

export const ReservationListQuery = z.object({
  status: ReservationStatus.optional(),
  caseUrn: Urn("case").optional(),
  airport: IataCode.optional().meta({ description: "one airport; 403 OUT_OF_SCOPE outside the caller's airports" }),
  ...pageQuery,
});

export const CancelReservationBody = z
  .object({
    // quoted in the cancellation email to the passengers: no line breaks, controls or bidi overrides
    reason: Reason.refine((v) => !unprintableChar(v), UNPRINTABLE_MESSAGE).meta({ description: `why: kept in the audit log and quoted in the passengers' cancellation e-mail; ${PRINTABLE_NOTE}` }),
    rehouse: z
      .boolean()
      .default(true)
      .meta({
        description:
          "true (default): the group's passengers go back to AWAITING_ALLOCATION, to be housed by the next wave or a rerun; " +
          "false: they need no room any more (they left, travel on) and become CANCELLED",
      }),
  })
  .meta({ id: "CancelReservationBody" });

const Id = requiredText(200);
export const ManualBookingBody = z
  .object({
    caseUrn: Urn("case"),
    groupId: Id,
    hotelUrn: Urn("hotel"),
    // sent to the hotel's provider as is
    providerOfferId: requiredPrintable(200).meta({ description: `an offer of the hotel from a search of this case's airport (a wave's rankingInputs list them); sent to the provider as is, so ${PRINTABLE_NOTE}` }),
    reason: Reason,
  })
  .meta({ id: "ManualBookingBody" });
export type ManualBookingInput = z.input<typeof ManualBookingBody> & { reviewUrn?: string };
