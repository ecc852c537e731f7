import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { RideUsageAnswer, RideVoucherRecord } from "@/lib/rides/schemas";

export const listCaseRideVouchersRoute = defineRoute({
  method: "GET",
  path: "/cases/{caseUrn}/ride-vouchers",
  tag: "Transport",
  summary: "List a case's ride vouchers",
  description: [
    "The taxi or ride-hailing vouchers of the case, by pickup: one per (reservation, direction) for a group owed TRANSPORT by the newest",
    "care assessment whose ride is at night (outside TRANSPORT_SHUTTLE_HOURS, airport local time), by PRIVATE_CAR or TAXI (the tier's",
    "policy mode), or left without a vehicle by the fleet. PENDING (not yet issued; `lastError` says why), ISSUED (with `code` and",
    "`link`), USED (the provider's usage callback, with `usedAmount`), CANCELLED (the reservation was cancelled or replaced), FAILED",
    "(the provider refused). For the roles that read the case, under the same rules as GET /cases/{caseUrn}: another tenant's case is",
    "404, an airport outside the caller's claims 403 OUT_OF_SCOPE.",
  ].join("\n"),
  permission: "case:read",
  params: z.object({ caseUrn: urnParam("case") }),
  response: z.object({ items: z.array(RideVoucherRecord) }),
  errors: [404],
});

export const rideUsageRoute = defineRoute({
  method: "POST",
  path: "/ride-vouchers/usage",
  tag: "Transport",
  summary: "Receive a ride voucher's usage",
  description: [
    "The ride provider's usage callback, JSON `{ id, reference, amount, currency, usedAt }` where `reference` is our ride voucher URN,",
    "signed with `X-Ride-Signature`: the hex HMAC-SHA256 of the raw body with RIDES_SECRET (a drill's: the drills' sandbox secret).",
    "A bad or missing signature, an unknown reference or no provider is 401 (checked first); fields the schema refuses 422; so is a",
    "usage the voucher could not have had (an amount above its maxAmount, another currency than its own, a usedAt before it was issued),",
    "and nothing is recorded.",
    "An ISSUED voucher becomes USED with the amount (audited); the same callback again answers it unchanged; a CANCELLED, PENDING or",
    "FAILED one is 409 INVALID_TRANSITION.",
  ].join("\n"),
  permission: "public",
  response: RideUsageAnswer,
  sets: { status: ["USED"] },
  errors: [400, 401, 409, 413, 422],
});
