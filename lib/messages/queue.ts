import { messages } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { subjectFor } from "@/lib/peers/case-mode";
import { emit } from "@/lib/events";
import type { Locale } from "@/lib/i18n";
import { groupBy } from "@/lib/group-by";
import { newUrn } from "@/lib/ids";
import type { CaseMode, MessageChannel, MessageKind, MessageStatus } from "@/lib/vocabulary";
import { noServerReason } from "./channels";
import { messagesGoOut } from "./goes-out";
import { isOptedOut, OPTED_OUT_ERROR, optedOutAmong } from "./opt-out";
import type { Recipient } from "./recipients";

/** One rendition of a message: an email has a subject and HTML, an SMS only its text. */
export type Rendition = { subject?: string; html?: string; text: string };

export type MessageDraft = {
  tenant: string;
  /** null: a message about no case (a capacity call to a hotel), which goes out */
  caseUrn: string | null;
  /** the record the message describes (a reservation, `<reservation>#return-leg:…`) */
  relatedUrn: string;
  kind: MessageKind;
  /** the version of what it describes: a new version is a new message, the same one never twice */
  version: number;
  recipients: Recipient[];
  /** the template's name and the values it was rendered from, kept for the record and a resend */
  template: string;
  payload: Record<string, unknown>;
  passengerLink?: string | null;
  /** renders one channel in one locale; called once per pair, however many recipients share it */
  render: (channel: MessageChannel, locale: Locale) => Promise<Rendition>;
  /**
   * The caller sends its QUEUED rows itself right after its commit (the passenger's flow,
   * lib/messages/send-now.ts) and hands what it could not send to the delivery job: no
   * `message/queued` event, so no second run races it for the row.
   */
  sentByCaller?: boolean;
};

/**
 * The one writer of the outbox. One row per recipient (channel and address) of the draft, at most
 * once per recipient, kind and version of the record (the unique key: a redelivered event or a
 * retried step writes nothing). A row is QUEUED with a `message/queued` event (sent after this
 * transaction commits; none when the caller sends it itself), or written final without an event: KEPT when the case is not LIVE or the
 * channel has no server, FAILED for a number that replied STOP (never sent). Answers how many rows
 * it wrote. The batch of one of queueMessagesOf.
 */
export async function queueMessages(ctx: Ctx, draft: MessageDraft): Promise<number> {
  return queueMessagesOf(ctx, [draft]);
}

/**
 * The same for several drafts of one tenant (a chunk's stays), in one insert whatever their number:
 * each case's mode read once, the numbers that replied STOP in one read, each draft rendered once
 * per channel and language.
 */
export async function queueMessagesOf(ctx: Ctx, drafts: readonly MessageDraft[]): Promise<number> {
  const sending = drafts.filter((d) => d.recipients.length > 0);
  if (!sending.length) return 0;
  const goOut = new Map<string | null, { live: boolean; mode: CaseMode }>();
  for (const d of sending) if (!goOut.has(d.caseUrn)) goOut.set(d.caseUrn, await messagesGoOut(ctx, d.caseUrn));
  const stopped = new Map<string, Set<string>>();
  for (const [tenant, ds] of groupBy(sending, (d) => d.tenant)) {
    const phones = ds.flatMap((d) => d.recipients.filter((to) => to.channel === "SMS").map((to) => to.address));
    stopped.set(tenant, await optedOutAmong(ctx.db, tenant, phones));
  }
  const rows: (typeof messages.$inferInsert)[] = [];
  const told = new Set<string>();
  for (const draft of sending) {
    const { live, mode } = goOut.get(draft.caseUrn)!;
    const renditions = new Map<string, Promise<Rendition>>();
    for (const to of draft.recipients) {
      const key = `${to.channel}:${to.locale}`;
      if (!renditions.has(key)) renditions.set(key, draft.render(to.channel, to.locale));
      const r = await renditions.get(key)!;
      const { status, lastError } = statusFrom(to, stopped.get(draft.tenant)!.has(to.address), live, mode);
      const urn = newUrn(to.channel === "SMS" ? "sms" : "email");
      if (status === "QUEUED" && !draft.sentByCaller) told.add(urn);
      rows.push({
        urn,
        tenant: draft.tenant,
        channel: to.channel,
        kind: draft.kind,
        recipient: to.address,
        caseUrn: draft.caseUrn,
        relatedUrn: draft.relatedUrn,
        version: draft.version,
        locale: to.locale,
        template: draft.template,
        payload: draft.payload,
        passengerLink: draft.passengerLink ?? null,
        subject: r.subject ? subjectFor(mode, r.subject) : "",
        html: r.html ?? "",
        text: to.channel === "SMS" && mode === "DRILL" ? `[DRILL] ${r.text}` : r.text,
        status,
        lastError,
      });
    }
  }
  const written = await ctx.db
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: [messages.tenant, messages.channel, messages.kind, messages.relatedUrn, messages.version, messages.recipient, messages.resend] })
    .returning({ urn: messages.urn, tenant: messages.tenant });
  for (const row of written) if (told.has(row.urn)) await emit(ctx, "message/queued", { tenant: row.tenant, messageUrn: row.urn });
  return written.length;
}

/** The state a new message is written in (the writer's and the resend verb's one rule). */
export async function statusOf(ctx: Ctx, tenant: string, to: Pick<Recipient, "channel" | "address">, live: boolean, mode: CaseMode): Promise<{ status: MessageStatus; lastError: string | null }> {
  return statusFrom(to, to.channel === "SMS" && (await isOptedOut(ctx.db, tenant, to.address)), live, mode);
}

function statusFrom(to: Pick<Recipient, "channel">, optedOut: boolean, live: boolean, mode: CaseMode): { status: MessageStatus; lastError: string | null } {
  if (to.channel === "SMS" && optedOut) return { status: "FAILED", lastError: OPTED_OUT_ERROR };
  // a drill's message is written, marked and KEPT for the Outbox page, never sent
  if (!live) return { status: "KEPT", lastError: `not sent: a ${mode} case's messages stay in the outbox` };
  const reason = noServerReason(to.channel);
  return reason ? { status: "KEPT", lastError: reason } : { status: "QUEUED", lastError: null };
}
