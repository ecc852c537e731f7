// GET /api/v1/webhooks/deliveries – the delivery log (ADMIN)
import { handle } from "@/lib/api/handler";
import { listDeliveriesRoute } from "@/lib/api/routes/webhooks";
import { listDeliveries } from "@/lib/webhooks";

export const GET = handle(listDeliveriesRoute, ({ ctx, query }) => listDeliveries({ ctx, input: query }));
