import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { cases, messages, reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import type { MessageKind, MessageStatus } from "@/lib/vocabulary";

export type OutboxItem = {
  urn: string;
  kind: MessageKind;
  /** masked: the Outbox page is for operations, not for reading passengers' addresses */
  to: string;
  subject: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  relatedUrn: string | null;
  airport: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** The reservation a message is about: related_urn is its URN, with "#…" after it for a return-leg message (lib/messages/return-leg.ts). */
const relatedReservation = sql<string>`split_part(${messages.relatedUrn}, '#', 1)`;

/**
 * The tenant's email outbox for the console, newest first, within the caller's airports (a
 * message's airport is its reservation's case's; mail about no reservation is shown to callers
 * who see every airport).
 */
export async function listOutbox({ ctx, input }: { ctx: Ctx; input: { status?: MessageStatus; kind?: MessageKind; limit?: number } }): Promise<OutboxItem[]> {
  requirePermission(ctx, "read", "read the email outbox");
  const all = ctx.principal.airports.includes("*");
  const rows = await ctx.db
    .select({
      urn: messages.urn,
      kind: messages.kind,
      to: messages.recipient,
      subject: messages.subject,
      status: messages.status,
      attempts: messages.attempts,
      lastError: messages.lastError,
      relatedUrn: messages.relatedUrn,
      airport: cases.airport,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .leftJoin(reservations, eq(reservations.urn, relatedReservation))
    .leftJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(
      and(
        eq(messages.tenant, ctx.principal.tenant),
        input.status ? eq(messages.status, input.status) : undefined,
        input.kind ? eq(messages.kind, input.kind) : undefined,
        all ? undefined : ctx.principal.airports.length ? inArray(cases.airport, ctx.principal.airports) : sql`false`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.urn))
    .limit(Math.min(Math.max(input.limit ?? 100, 1), 500));
  return rows.map((r) => ({ ...r, to: maskAddress(r.to) }));
}

/** One message with its renditions for the preview, under the same tenant and airport rules. */
export async function getOutboxMessage({ ctx, input }: { ctx: Ctx; input: { urn: string } }) {
  requirePermission(ctx, "read", "read the email outbox");
  const all = ctx.principal.airports.includes("*");
  const [row] = await ctx.db
    .select({ urn: messages.urn, subject: messages.subject, html: messages.html, text: messages.text, to: messages.recipient, airport: cases.airport })
    .from(messages)
    .leftJoin(reservations, eq(reservations.urn, relatedReservation))
    .leftJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(and(eq(messages.urn, input.urn), eq(messages.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row) return null;
  if (!all && (!row.airport || !ctx.principal.airports.includes(row.airport))) return null;
  return { ...row, to: maskAddress(row.to) };
}

/** a…e@example.com: enough to tell two recipients apart, not to read the address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = address.slice(0, at);
  return `${local[0]}${local.length > 2 ? "…" + local[local.length - 1] : "…"}${address.slice(at)}`;
}

