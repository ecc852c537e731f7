import { z } from "zod";
import { urnSchema } from "@/lib/ids";
import { CalendarDate, pageQuery } from "@/lib/primitives";
import { CareComplianceFigures } from "./care-compliance-schemas";
import { RatingTag } from "@/lib/vocabulary";

const minutes = z.number().nullable().meta({ description: "minutes, one decimal; null when there is nothing to measure" });
const share = z.number().nullable().meta({ description: "0 to 1, three decimals; null when there is nothing to divide" });

export const AirportFigures = z
  .object({
    airport: z.string().meta({ description: "IATA code, or ALL for the total over the airports the reader may see (the tenant's total for a principal of every airport)" }),
    closedItems: z.number().int().meta({ description: "review items resolved in the week" }),
    byCategory: z.record(z.string(), z.number().int()),
    meanMinutesToResolve: minutes,
    p90MinutesToResolve: minutes.meta({ description: "nearest-rank 90th percentile of the time to resolve" }),
    acceptedRecommendationShare: share.meta({ description: "closed items whose action took one of their recommendations (the agent's or the deterministic recommender's)" }),
    agentRecommendationShare: share.meta({ description: "closed items resolved by accepting an exception-agent recommendation (spec part 6)" }),
    slaBreaches: z.number().int(),
    cases: z.number().int().meta({ description: "live cases opened in the week (drills and shadows excluded)" }),
    meanMinutesToFirstVoucher: minutes,
    meanMinutesToLastGroupHoused: minutes.meta({ description: "over cases whose every group got a reservation" }),
    passengers: z.number().int(),
    passengersHoused: z.number().int(),
    housedWithin30MinShare: share.meta({ description: "passengers whose reservation was made within 30 minutes of the case" }),
    // reports kept before these were counted read them as absent
    passengersWithVoucher: z.number().int().default(0).meta({ description: "passengers whose first voucher was made in the week" }),
    emailReachedWithin10MinShare: share.default(null).meta({ description: "of those with an email address, the share whose voucher (or rehousing) email the mail server accepted within 10 minutes of the voucher" }),
    smsReachedWithin10MinShare: share.default(null).meta({ description: "of those with a phone number, the share whose SMS was delivered (handset receipt) within 10 minutes of the voucher" }),
    choseOtherHotelShare: share.default(null).meta({ description: "passengers of the week's cases who chose another hotel on their passenger page" }),
    declinedShare: share.default(null).meta({ description: "passengers of the week's cases who declined the hotel (LOCAL_RESIDENT after passenger.decline)" }),
    mealVouchersIssued: z.number().int().default(0).meta({ description: "meal vouchers of live cases issued in the week (still issued, or since redeemed)" }),
    mealVoucherCost: z.record(z.string(), z.number()).default({}).meta({ description: "their face value by currency", example: { EUR: 450 } }),
  })
  .meta({ id: "ReportAirportFigures" });
export type AirportFigures = z.infer<typeof AirportFigures>;

export const HotelWalks = z
  .object({
    hotelUrn: z.string(),
    hotelName: z.string().nullable(),
    walks: z.number().int().meta({ description: "stays of live cases the hotel walked in the week (a re-confirmation found the booking gone, or the hotel declined it)" }),
    rehoused: z.number().int().meta({ description: "of them, the groups rehoused automatically at another hotel" }),
  })
  .meta({ id: "ReportHotelWalks" });

export const WorstHotel = z
  .object({
    hotelUrn: z.string(),
    name: z.string(),
    airport: z.string().meta({ description: "the airport whose searches find the hotel" }),
    score: z.number().meta({ description: "mean rating 1–5 (two decimals) over the tenant's ratings made before the week's end" }),
    ratings: z.number().int(),
    tags: z.array(z.object({ tag: RatingTag, count: z.number().int() })).meta({ description: "its three most frequent tags, most frequent first" }),
  })
  .meta({ id: "ReportWorstHotel" });
export type WorstHotel = z.infer<typeof WorstHotel>;

export const ReportBody = z.object({
  airports: z.array(AirportFigures),
  topFailingPolicies: z.array(z.object({ policyUrn: z.string(), items: z.number().int() })),
  topFailingProviders: z.array(z.object({ provider: z.string(), failedReservations: z.number().int() })),
  // reports kept before walks were counted read them as none
  walks: z.array(HotelWalks).default([]).meta({ description: "walks by hotel (issue 22), most first, over the reader's airports" }),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const Report = z
  .object({
    urn: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    timeZone: z.string(),
    generatedBy: z.string(),
    generatedAt: z.string(),
  })
  .extend(ReportBody.shape)
  .extend({
    // reports kept before the section was computed read it as empty
    careCompliance: z.array(CareComplianceFigures).default([]).meta({
      description: "right to care (issue 21), per regime and kind over the reader's airports: passengers owed, provided, provided late, not provided (GET /reports/care-compliance has the detail)",
    }),
    // reports kept before stay quality was scored read it as empty
    worstHotels: z.array(WorstHotel).default([]).meta({
      description: "stay quality (issue 22): up to five hotels at the reader's airports with the lowest score among those with enough ratings (QUALITY_MIN_RATINGS), worst first, each with its three most frequent tags",
    }),
  })
  .meta({ id: "WeeklyReport" });
export type Report = z.infer<typeof Report>;

export const ReportSummary = Report.pick({ urn: true, periodStart: true, periodEnd: true, timeZone: true, generatedBy: true, generatedAt: true }).meta({ id: "WeeklyReportSummary" });

export const GenerateReportInput = z.strictObject({
  weekOf: CalendarDate.optional().meta({ description: "a date (YYYY-MM-DD) in the week to report; the last complete week when absent" }),
});
export const ReportListQuery = z.object({ ...pageQuery });
export const ReportRef = z.object({ reportUrn: urnSchema("report") });
