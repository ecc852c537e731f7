// POST /api/v1/demand/{demandUrn}/approve – a supervisor approves a REQUESTED demand; allocation is enqueued
import { handle } from "@/lib/api/handler";
import { approveDemandRoute } from "@/lib/api/routes/demand";
import { approveDemand } from "@/lib/demand/decide";

export const POST = handle(approveDemandRoute, ({ ctx, params, body }) => approveDemand({ ctx, input: { ...params, ...body } }));
