// POST /api/v1/cases/{caseUrn}/passengers/{passengerId}/erase – erase one passenger's personal data (ADMIN)
import { handle } from "@/lib/api/handler";
import { erasePassengerRoute } from "@/lib/api/routes/cases";
import { erasePassenger } from "@/lib/privacy";

export const POST = handle(erasePassengerRoute, ({ ctx, params, body }) => erasePassenger({ ctx, input: { ...params, ...body } }));
