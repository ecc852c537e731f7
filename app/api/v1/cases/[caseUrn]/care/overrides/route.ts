// POST /api/v1/cases/{caseUrn}/care/overrides – a supervisor owes a group the hotel the rules do not
import { handle } from "@/lib/api/handler";
import { careOverrideRoute } from "@/lib/api/routes/care-overrides";
import { overrideCare } from "@/lib/care/override";

export const POST = handle(careOverrideRoute, ({ ctx, params, body }) => overrideCare({ ctx, input: { ...params, ...body } }));
