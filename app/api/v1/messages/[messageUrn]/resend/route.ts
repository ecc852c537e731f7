// POST /api/v1/messages/{messageUrn}/resend – send a message again, with the operator's reason
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { resendMessageRoute } from "@/lib/api/routes/messages";
import { resendMessage } from "@/lib/messages/resend";

export const POST = handle(resendMessageRoute, async ({ ctx, params, body }) => {
  const message = await resendMessage({ ctx, input: { ...params, ...body } });
  return created(message, message.caseUrn ? `/api/v1/cases/${encodeURIComponent(message.caseUrn)}/messages` : "/api/v1/messages");
});
