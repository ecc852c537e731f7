// GET /api/v1/cases/{caseUrn}/messages – a case's messages, email and SMS, with their delivery
import { handle } from "@/lib/api/handler";
import { listCaseMessagesRoute } from "@/lib/api/routes/messages";
import { listCaseMessages } from "@/lib/messages/list-case";

export const GET = handle(listCaseMessagesRoute, ({ ctx, params, query }) => listCaseMessages({ ctx, input: { ...params, ...query } }));
