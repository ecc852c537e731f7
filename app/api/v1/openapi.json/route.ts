// GET /api/v1/openapi.json – the OpenAPI 3.1 document, public
import { handle } from "@/lib/api/handler";
import { buildOpenApi } from "@/lib/api/openapi";
import { routes } from "@/lib/api/routes";
import { openApiRoute } from "@/lib/api/routes/system";

export const dynamic = "force-dynamic";

export const GET = handle(openApiRoute, async () => buildOpenApi(routes));
