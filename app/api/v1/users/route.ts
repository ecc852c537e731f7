// GET /api/v1/users – the tenant's console users; POST – an ADMIN adds one (a HOTEL user for contracted hotels)
import { handle } from "@/lib/api/handler";
import { createUserRoute, listUsersRoute } from "@/lib/api/routes/users";
import { createUser } from "@/lib/users/create";
import { listUsers } from "@/lib/users/list";

export const GET = handle(listUsersRoute, ({ ctx, query }) => listUsers({ ctx, input: query }));
export const POST = handle(createUserRoute, ({ ctx, body }) => createUser({ ctx, input: body }));
