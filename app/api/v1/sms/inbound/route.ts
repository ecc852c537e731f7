// POST /api/v1/sms/inbound – a passenger's SMS reply: STOP and START (signed, no token)
import { handle } from "@/lib/api/handler";
import { smsInboundRoute } from "@/lib/api/routes/sms";
import { readSignedSmsForm } from "@/lib/messages/sms-form";
import { recordSmsReply, SmsInboundForm } from "@/lib/messages/sms-reply";

export const dynamic = "force-dynamic";

export const POST = handle(smsInboundRoute, async ({ ctx, req }) => {
  await recordSmsReply(ctx, await readSignedSmsForm(req, SmsInboundForm));
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', { status: 200, headers: { "content-type": "text/xml" } });
});
