"use client";

import { ReasonDialog } from "@/components/cases/reason-dialog";
import { resendMessageAction } from "./actions";

/** Resend one message with a required reason (kept in the audit log); the server's refusal shows inline. */
export function ResendMessageButton({ messageUrn, what, to }: { messageUrn: string; what: string; to: string }) {
  return (
    <ReasonDialog
      trigger="Resend"
      triggerVariant="outline"
      triggerTestId="message-resend"
      title={`Resend the ${what}`}
      description={`A new message is written to ${to} with the same text and link; the original stays in the record as it was.`}
      confirmLabel="Resend"
      placeholder="Why (e.g. the passenger at the desk says nothing came)"
      success="Message queued again"
      action={(reason) => resendMessageAction(messageUrn, reason)}
    />
  );
}
