import { and, eq, sql } from "drizzle-orm";
import { messages } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requireEveryAirport, requirePermission } from "@/lib/auth/require";
import { loadOpenCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import { emit } from "@/lib/events";
import { newUrn, urnKind, type UrnKind } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { messagesGoOut } from "./goes-out";
import { isOptedOut } from "./opt-out";
import { statusOf } from "./queue";
import { type CaseMessageItem, toCaseMessage } from "./list-case";
import { type ResendMessageInput, ResendMessageInput as Input } from "./schemas";

/**
 * POST /messages/{messageUrn}/resend: the same message again, as a new row (resend = the highest
 * so far + 1, with the operator's reason), QUEUED with a `message/queued` event, or KEPT by the
 * rule every new message follows (statusOf in ./queue.ts). The original stays as it was: the record of what
 * the passenger was sent. Refused while the original is still QUEUED (it has not been tried yet),
 * and for a number that replied STOP. Audited `message.resend` in the same transaction.
 */
export async function resendMessage({ ctx, input }: { ctx: Ctx; input: ResendMessageInput }): Promise<CaseMessageItem> {
  requirePermission(ctx, "message:resend", "resend messages");
  const { messageUrn, reason } = parseInput(Input, input);
  return transaction(ctx, async (tx) => {
    const [original] = await tx.db
      .select()
      .from(messages)
      .where(and(eq(messages.urn, messageUrn), eq(messages.tenant, ctx.principal.tenant)))
      .limit(1);
    if (!original) throw notFound(`Message ${messageUrn}`);
    // the case row lock serialises resends of one case's messages, so two never take the same number
    const kase = original.caseUrn ? await loadOpenCase(tx, original.caseUrn) : null;
    if (!kase) requireEveryAirport(tx, "resend a message about no case");
    if (original.status === "QUEUED") throw conflict("INVALID_TRANSITION", `Message ${messageUrn} is still QUEUED: it has not been tried yet, so there is nothing to resend.`);
    if (original.channel === "SMS" && (await isOptedOut(tx.db, original.tenant, original.recipient))) {
      throw conflict("INVALID_TRANSITION", "This number replied STOP (opted out): no SMS may be sent to it until it replies START.");
    }
    const [{ next }] = await tx.db
      .select({ next: sql<number>`coalesce(max(${messages.resend}), 0)::int + 1` })
      .from(messages)
      .where(
        and(
          eq(messages.tenant, original.tenant),
          eq(messages.channel, original.channel),
          eq(messages.kind, original.kind),
          original.relatedUrn === null ? sql`${messages.relatedUrn} is null` : eq(messages.relatedUrn, original.relatedUrn),
          eq(messages.version, original.version),
          eq(messages.recipient, original.recipient),
        ),
      );
    const { live, mode } = await messagesGoOut(tx, original.caseUrn);
    const { status, lastError } = await statusOf(tx, original.tenant, { channel: original.channel, address: original.recipient }, live, mode);
    const { urn: _urn, createdAt: _c, updatedAt: _u, ...copy } = original;
    const [row] = await tx.db
      .insert(messages)
      .values({
        ...copy,
        urn: newUrn((urnKind(original.urn) ?? "email") as UrnKind),
        resend: next,
        resendReason: reason,
        status,
        attempts: 0,
        lastError,
        providerMessageId: null,
        receipts: [],
        sendAfter: null,
        sentAt: null,
        deliveredAt: null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("CONFLICT", `Message ${messageUrn} is being resent by someone else; reload and try again.`);
    if (status === "QUEUED") await emit(tx, "message/queued", { tenant: row.tenant, messageUrn: row.urn });
    await writeAudit(tx, {
      entity: "message",
      entityUrn: row.urn,
      action: "message.resend",
      airport: kase?.airport ?? null,
      reason,
      before: { resendOf: original.urn, resend: original.resend, status: original.status },
      after: { resendOf: original.urn, resend: row.resend, status: row.status },
    });
    return toCaseMessage(tx, row);
  });
}
