// POST /api/v1/users/{userUrn}/sign-out – an ADMIN ends every console session of a user of the tenant
import { handle } from "@/lib/api/handler";
import { endUserSessionsRoute } from "@/lib/api/routes/users";
import { endUserSessions } from "@/lib/users/end-sessions";

export const POST = handle(endUserSessionsRoute, ({ ctx, params, body }) => endUserSessions({ ctx, input: { ...params, ...body } }));
