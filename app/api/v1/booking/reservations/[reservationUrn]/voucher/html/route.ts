// GET /api/v1/booking/reservations/{reservationUrn}/voucher/html – the voucher as rendered at booking
import { handle } from "@/lib/api/handler";
import { voucherHtmlRoute } from "@/lib/api/routes/vouchers";
import { getVoucher, voucherResponse } from "@/lib/vouchers/get";

export const GET = handle(voucherHtmlRoute, async ({ ctx, params }) => voucherResponse(await getVoucher({ ctx, input: { ...params, format: "html" } }), "html"));
