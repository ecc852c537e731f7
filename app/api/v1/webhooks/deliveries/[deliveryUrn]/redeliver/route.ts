// POST /api/v1/webhooks/deliveries/{deliveryUrn}/redeliver – send again (ADMIN)
import { handle } from "@/lib/api/handler";
import { redeliverRoute } from "@/lib/api/routes/webhooks";
import { redeliver } from "@/lib/webhooks";

export const POST = handle(redeliverRoute, ({ ctx, params, body }) => redeliver({ ctx, input: { ...params, ...body } }));
