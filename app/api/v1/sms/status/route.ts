// POST /api/v1/sms/status – the SMS gateway's delivery receipt (signed, no token)
import { handle } from "@/lib/api/handler";
import { smsStatusRoute } from "@/lib/api/routes/sms";
import { readSignedSmsForm } from "@/lib/messages/sms-form";
import { recordSmsReceipt, SmsStatusForm } from "@/lib/messages/sms-receipt";

export const dynamic = "force-dynamic";

export const POST = handle(smsStatusRoute, async ({ ctx, req }) => {
  const form = await readSignedSmsForm(req, SmsStatusForm);
  await recordSmsReceipt(ctx, { messageUrn: new URL(req.url).searchParams.get("message"), form });
  return new Response("", { status: 200, headers: { "content-type": "text/plain" } });
});
