// GET /api/v1/cases/{caseUrn}/ride-vouchers – a case's taxi vouchers, by pickup
import { handle } from "@/lib/api/handler";
import { listCaseRideVouchersRoute } from "@/lib/api/routes/rides";
import { listCaseRideVouchers } from "@/lib/rides/list";

export const GET = handle(listCaseRideVouchersRoute, ({ ctx, params }) => listCaseRideVouchers({ ctx, input: params }));
