"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { resendMessage } from "@/lib/messages/resend";

/** The case page's Resend: the same verb as POST /messages/{messageUrn}/resend, with the user's context. */
export async function resendMessageAction(messageUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const message = await resendMessage({ ctx, input: { messageUrn, reason } });
    if (message.caseUrn) revalidatePath(`/cases/${encodeURIComponent(message.caseUrn)}`);
    return { status: message.status, resend: message.resend };
  }, messageUrn);
}
