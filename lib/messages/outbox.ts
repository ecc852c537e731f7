import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { cases, messages, reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import type { MessageChannel, MessageKind, MessageStatus } from "@/lib/vocabulary";
import { bodyFor, recipientFor } from "./mask";
import { passengerOfMessage } from "./passenger-of-message";

export type OutboxItem = {
  urn: string;
  channel: MessageChannel;
  kind: MessageKind;
  /** masked (but for ADMIN): the Outbox page is for operations, not for reading passengers' addresses and numbers */
  to: string;
  subject: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  relatedUrn: string | null;
  airport: string | null;
  /** whom the masked address reaches, and the flight of the message's case: a person reads names, not numbers */
  passengerName: string | null;
  flightNumber: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** The reservation a message is about: related_urn is its URN, with "#…" after it for a return-leg message (lib/messages/return-leg.ts). */
const relatedReservation = sql<string>`split_part(${messages.relatedUrn}, '#', 1)`;
/** The case a message is about: its own case_urn, else (rows written before it had one) its reservation's. */
const caseOfMessage = sql<string>`coalesce(${messages.caseUrn}, ${reservations.caseUrn})`;

/**
 * The tenant's outbox (email and SMS) for the console, newest first, within the caller's airports (a
 * message's airport is its reservation's case's; mail about no reservation is shown to callers
 * who see every airport). `caseUrn` narrows it to one case's messages (the case page links here).
 */
export async function listOutbox({ ctx, input }: { ctx: Ctx; input: { status?: MessageStatus; kind?: MessageKind; channel?: MessageChannel; caseUrn?: string; limit?: number } }): Promise<OutboxItem[]> {
  requirePermission(ctx, "read", "read the outbox");
  const all = ctx.principal.airports.includes("*");
  const rows = await ctx.db
    .select({
      urn: messages.urn,
      channel: messages.channel,
      kind: messages.kind,
      to: messages.recipient,
      subject: messages.subject,
      status: messages.status,
      attempts: messages.attempts,
      lastError: messages.lastError,
      relatedUrn: messages.relatedUrn,
      airport: cases.airport,
      passenger: passengerOfMessage,
      flightNumber: sql<string | null>`${cases.flight}->>'number'`,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .leftJoin(reservations, eq(reservations.urn, relatedReservation))
    .leftJoin(cases, eq(cases.urn, caseOfMessage))
    .where(
      and(
        eq(messages.tenant, ctx.principal.tenant),
        input.status ? eq(messages.status, input.status) : undefined,
        input.kind ? eq(messages.kind, input.kind) : undefined,
        input.channel ? eq(messages.channel, input.channel) : undefined,
        input.caseUrn ? eq(caseOfMessage, input.caseUrn) : undefined,
        all ? undefined : ctx.principal.airports.length ? inArray(cases.airport, ctx.principal.airports) : sql`false`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.urn))
    .limit(Math.min(Math.max(input.limit ?? 100, 1), 500));
  return rows.map(({ passenger, ...r }) => ({ ...r, passengerName: passenger?.[1] ?? null, to: recipientFor(ctx.principal.roles, r.channel, r.to) }));
}

/** One message with its renditions for the preview, under the same tenant and airport rules. */
export async function getOutboxMessage({ ctx, input }: { ctx: Ctx; input: { urn: string } }) {
  requirePermission(ctx, "read", "read the outbox");
  const all = ctx.principal.airports.includes("*");
  const [row] = await ctx.db
    .select({ urn: messages.urn, channel: messages.channel, subject: messages.subject, html: messages.html, text: messages.text, to: messages.recipient, airport: cases.airport })
    .from(messages)
    .leftJoin(reservations, eq(reservations.urn, relatedReservation))
    .leftJoin(cases, eq(cases.urn, caseOfMessage))
    .where(and(eq(messages.urn, input.urn), eq(messages.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row) return null;
  if (!all && (!row.airport || !ctx.principal.airports.includes(row.airport))) return null;
  const roles = ctx.principal.roles;
  return { ...row, html: bodyFor(roles, row.html), text: bodyFor(roles, row.text), to: recipientFor(roles, row.channel, row.to) };
}
