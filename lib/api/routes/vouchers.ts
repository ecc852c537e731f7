import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";

const VoucherParams = z.object({ reservationUrn: urnParam("reservation") });

const common = {
  method: "GET",
  tag: "Booking",
  permission: "read",
  params: VoucherParams,
  errors: [404] as number[],
} as const;

export const voucherHtmlRoute = defineRoute({
  ...common,
  path: "/booking/reservations/{reservationUrn}/voucher/html",
  summary: "Read a voucher as HTML",
  description:
    "The reservation's voucher (spec 2.6) as rendered when it was confirmed: confirmation code, hotel name, address and " +
    "phone, check-in and check-out in the hotel's time zone with the policy's buffers, rooms, guests' names as on the " +
    "manifest (no ids or documents), total and currency, payment instructions (corporate guarantee, or the card " +
    "authorization reference, never card data), special service instructions and transport. The same reservation " +
    "always answers the same bytes. 404 in another tenant or before a voucher exists; 403 OUT_OF_SCOPE outside the " +
    "caller's airports.",
  responseContentType: "text/html",
});

export const voucherTextRoute = defineRoute({
  ...common,
  path: "/booking/reservations/{reservationUrn}/voucher/text",
  summary: "Read a voucher as plain text",
  description: "The same voucher as plain text, for SMS gateways, printers and screen readers; same rules as the HTML rendition.",
  responseContentType: "text/plain",
});
