import { z } from "zod";
import { pageOf, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { CaseMessage, CaseMessagesQuery, MessageUrn, ResendMessageBody } from "@/lib/messages/schemas";
import { decodeSegment } from "@/lib/ids";

const CasePassenger = z.object({ passengerId: z.string(), name: z.string().nullable() }).nullable().meta({ description: "the passenger of the case whose address or number it went to (null when none matches, e.g. after erasure)" });
const CaseMessageItem = CaseMessage.extend({ passenger: CasePassenger });

export const listCaseMessagesRoute = defineRoute({
  method: "GET",
  path: "/cases/{caseUrn}/messages",
  tag: "Messages",
  summary: "List a case's messages",
  description: [
    "Every message about the case, email and SMS, newest first, with cursor pagination; filters `channel` (EMAIL, SMS),",
    "`status` (QUEUED, SENT, DELIVERED, FAILED, KEPT) and `kind`. For the roles that read the case, under the same rules",
    "as GET /cases/{caseUrn}: another tenant's case (or, for a FEED client, a case it did not create) is 404, an airport",
    "outside the caller's claims 403 OUT_OF_SCOPE. KEPT: no server is configured for the channel (SMTP_URL, SMS_URL) or",
    "the case is a drill. Recipients are masked (a…e@example.com, +33 •• •• •• 12) unless the caller is ADMIN.",
    "`failure` names why a message did not arrive (\"opted out (STOP)\", \"undeliverable (30003)\", \"mailbox unavailable (550)\");",
    "`receipts` are the provider's reports in order; `reservationUrn` is the reservation it is about.",
  ].join("\n"),
  permission: "case:read",
  params: z.object({ caseUrn: urnParam("case") }),
  query: CaseMessagesQuery,
  response: pageOf(CaseMessageItem),
  errors: [404, 422],
});

export const resendMessageRoute = defineRoute({
  method: "POST",
  path: "/messages/{messageUrn}/resend",
  tag: "Messages",
  summary: "Resend a message",
  description: [
    "Body `{ reason }` (422 REASON_REQUIRED without one). Writes a new message copying the original (same channel,",
    "recipient, text and passenger link) with `resend` one more than the highest so far and the reason, QUEUED for",
    "delivery, or KEPT when the channel has no server configured or the case is a drill; the original is left as it was.",
    "409 INVALID_TRANSITION while the original is still QUEUED, or when its number replied STOP; 409 CASE_CLOSED on a",
    "closed case; 404 for an unknown message or another tenant's; 403 OUT_OF_SCOPE outside the caller's airports.",
    "Audited `message.resend`. Answers 201 with the new message; Location names the case's messages.",
  ].join("\n"),
  permission: "message:resend",
  sets: { status: ["QUEUED", "KEPT"] },
  params: z.object({ messageUrn: z.string().transform(decodeSegment).pipe(MessageUrn).meta({ description: "message URN (urn:svc:<kind>:<uuid>), raw or percent-encoded" }) }),
  body: ResendMessageBody,
  response: CaseMessageItem,
  status: 201,
  errors: [404, 409, 422],
});
