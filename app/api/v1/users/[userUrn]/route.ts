// PATCH /api/v1/users/{userUrn} – an ADMIN edits a user; a change of access ends its console sessions
import { handle } from "@/lib/api/handler";
import { updateUserRoute } from "@/lib/api/routes/users";
import { updateUser } from "@/lib/users/update";

export const PATCH = handle(updateUserRoute, ({ ctx, params, body }) => updateUser({ ctx, input: { ...params, ...body } }));
