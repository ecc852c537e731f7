import { z } from "zod";
import { RideVoucherStatus, SegmentDirection } from "@/lib/vocabulary";
import { RIDE_REASONS } from "./decide";

const at = z.string().meta({ description: "ISO 8601" });

export const RideVoucherRecord = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    groupId: z.string(),
    pnr: z.string().nullable().meta({ description: "the group's booking reference (PNR)" }),
    passengerNames: z.array(z.string()).meta({ description: "the names of the group's passengers, as the case reads now" }),
    reservationUrn: z.string(),
    accessible: z.boolean().meta({ description: "the ride provider was asked for a wheelchair-accessible car (a wheelchair user rides)" }),
    direction: SegmentDirection,
    reason: z.string().meta({ description: `why no shuttle takes them: ${RIDE_REASONS.join(", ")}` }),
    status: RideVoucherStatus,
    pickupAt: at,
    passengers: z.number().int(),
    maxAmount: z.number().meta({ description: "the cap the provider accepts (RIDE_VOUCHER_MAX_AMOUNT, default 80), in `currency`" }),
    currency: z.string(),
    code: z.string().nullable().meta({ description: "the code the passenger shows the driver, masked but for its last 4 characters (null until ISSUED); only the passenger's voucher and page show it whole" }),
    link: z.string().nullable().meta({ description: "the provider's link to the ride, masked like `code`" }),
    attempts: z.number().int(),
    lastError: z.string().nullable().meta({ description: "why it is still PENDING or FAILED (e.g. no ride provider is configured (RIDES_URL))" }),
    issuedAt: at.nullable(),
    usedAt: at.nullable(),
    usedAmount: z.number().nullable(),
    cancelledAt: at.nullable(),
    cancelReason: z.string().nullable(),
  })
  .meta({ id: "RideVoucher" });

export const RideUsageAnswer = z.object({ urn: z.string(), status: RideVoucherStatus, usedAmount: z.number().nullable() }).meta({ id: "RideUsageAnswer" });
