// GET /api/v1/booking/reservations/{reservationUrn}/voucher/text – the voucher as plain text
import { handle } from "@/lib/api/handler";
import { voucherTextRoute } from "@/lib/api/routes/vouchers";
import { getVoucher, voucherResponse } from "@/lib/vouchers/get";

export const GET = handle(voucherTextRoute, async ({ ctx, params }) => voucherResponse(await getVoucher({ ctx, input: { ...params, format: "text" } }), "text"));
