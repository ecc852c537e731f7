import { z } from "zod";
import { IataCode } from "@/lib/primitives";
import { CareKind, CareRegime } from "@/lib/vocabulary";

/** The longest period one compliance report covers: a quarter (the figures are read live, not kept). */
export const MAX_PERIOD_DAYS = 92;

/**
 * How late care may come before it counts as late: minutes after it became owed (the scheduled
 * departure + the entitlement's fromMinutes). A meal or a first message within half an hour is on
 * time; a room within two hours (booking, then the way to the hotel), and the ride with it.
 */
export const GRACE_MINUTES = { MEAL: 30, COMMUNICATION: 30, HOTEL: 120, TRANSPORT: 120 } as const satisfies Record<CareKind, number>;

const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).meta({ description: "an instant (ISO 8601) or a date (YYYY-MM-DD, read as 00:00 UTC)" });

export const CareComplianceParams = z.object({
  from: instant,
  to: instant.meta({ description: "exclusive" }),
  airport: IataCode.optional().meta({ description: "one airport (the case's, i.e. the disrupted flight's origin); every airport the caller may see when absent" }),
  format: z.enum(["json", "csv"]).default("json"),
});

/** The query as the verb reads it: instants, to after from, at most MAX_PERIOD_DAYS apart. */
export const CareComplianceQuery = CareComplianceParams
  .transform((q) => ({ ...q, from: new Date(q.from), to: new Date(q.to) }))
  .superRefine((q, ctx) => {
    if (q.to <= q.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
    else if (q.to.getTime() - q.from.getTime() > MAX_PERIOD_DAYS * 86_400_000) ctx.addIssue({ code: "custom", path: ["to"], message: `the period is at most ${MAX_PERIOD_DAYS} days` });
  });

export const NotProvidedReason = z.object({
  reason: z.string().meta({
    description:
      "a code, so the passengers group: DECLINED (a local resident by their own choice), LOCAL_RESIDENT, HELD_IN_REVIEW, NO_MEAL_VOUCHER, MEAL_VOUCHER_<status>, " +
      "NO_RESERVATION, RESERVATION_<status>, RIDE_VOUCHER_<status>, NO_TRANSPORT, NO_CONTACT, MESSAGE_FAILED, MESSAGE_NOT_SENT, NO_MESSAGE",
    example: "MEAL_VOUCHER_FAILED",
  }),
  passengers: z.number().int(),
  // a default: a weekly report kept before the field reads back
  detail: z.string().nullable().default(null).meta({ description: "one example of the peer's error text behind the code (a meal or ride issuer's last error), when there is one", example: "card refused" }),
});

export const CareComplianceRow = z
  .object({
    regime: CareRegime,
    airport: z.string(),
    kind: CareKind,
    owed: z.number().int().meta({ description: "passengers owed this kind under this regime (the case's newest assessment)" }),
    provided: z.number().int(),
    late: z.number().int().meta({ description: "provided more than the kind's grace after it became owed" }),
    lateMinutesMedian: z.number().nullable().meta({ description: "of the late ones: minutes from when it became owed to when it was provided" }),
    lateMinutesMax: z.number().nullable(),
    notYetDue: z.number().int().default(0).meta({ description: "not provided and not yet due: a meal owed later, or waiting (PENDING) within its grace; not in notProvided" }),
    notProvided: z.number().int().meta({ description: "due (past its grace) and not provided" }),
    notProvidedReasons: z.array(NotProvidedReason).meta({ description: "most frequent first" }),
  })
  .meta({ id: "CareComplianceRow" });
export type CareComplianceRow = z.infer<typeof CareComplianceRow>;

export const CareCost = z
  .object({
    airport: z.string().meta({ description: "IATA code, or ALL over the airports of the report" }),
    currency: z.string(),
    hotel: z.number().meta({ description: "totals of the confirmed or checked-out reservations of groups owed care" }),
    meals: z.number().meta({ description: "issued meal vouchers at their amount, redeemed ones at the redeemed amount" }),
    rides: z.number().meta({ description: "issued ride vouchers at their cap, used ones at the used amount" }),
    total: z.number(),
    passengersOwedCare: z.number().int().meta({ description: "passengers of the airport owed any kind of care under any regime" }),
    perPassenger: z.number().nullable().meta({ description: "total ÷ passengersOwedCare, two decimals" }),
  })
  .meta({ id: "CareCost" });
export type CareCost = z.infer<typeof CareCost>;

export const CareComplianceReport = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    airport: z.string().nullable(),
    graceMinutes: z.record(CareKind, z.number().int()),
    rows: z.array(CareComplianceRow).meta({ description: "one per regime × airport × kind owed; a passenger owed under several regimes is in each regime's row" }),
    cost: z.array(CareCost).meta({ description: "per airport (ALL first) and currency" }),
  })
  .meta({ id: "CareComplianceReport" });
export type CareComplianceReport = z.infer<typeof CareComplianceReport>;

/** The weekly report's care section: per regime and kind, over the airports the reader may see. */
export const CareComplianceFigures = z
  .object({ regime: CareRegime, kind: CareKind, owed: z.number().int(), provided: z.number().int(), late: z.number().int(), notProvided: z.number().int() })
  .meta({ id: "ReportCareCompliance" });
export type CareComplianceFigures = z.infer<typeof CareComplianceFigures>;
