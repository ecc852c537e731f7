import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { messages } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { requirePermission } from "@/lib/auth/require";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { CaseRef } from "@/lib/cases/inputs";
import { parseInput } from "@/lib/validation";
import { failureInWords } from "./failure";
import { passengerLinkFor, recipientFor } from "./mask";
import { passengerOfMessage } from "./passenger-of-message";
import { type CaseMessage, CaseMessagesQuery } from "./schemas";

export type CaseMessageItem = CaseMessage & { passenger: { passengerId: string; name: string | null } | null };

/**
 * The passenger of the case a message went to, as [passengerId, name], in one look-up per message:
 * the same address (any case) or the same number (recipients are stored in E.164, the manifest's
 * numbers are normalised here).
 */

/**
 * GET /cases/{caseUrn}/messages: a case's messages on both channels, newest first, for the roles
 * that read the case (the case's own 404/403 rules through loadCase). Recipients are masked and the
 * passenger link withheld (null) unless the caller is ADMIN; a failure is named in words. Keyset on (created_at, urn): the cursor keeps
 * the database's own text of created_at, so microseconds survive the round trip.
 */
export async function listCaseMessages({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } & CaseMessagesQuery }): Promise<{ items: CaseMessageItem[]; nextCursor: string | null }> {
  requirePermission(ctx, "case:read", "read a case's messages");
  const { caseUrn } = parseInput(CaseRef, { caseUrn: input.caseUrn });
  const query = parseInput(CaseMessagesQuery, { channel: input.channel, status: input.status, kind: input.kind, limit: input.limit, cursor: input.cursor });
  const kase = await loadCase(ctx, caseUrn);
  const where: (SQL | undefined)[] = [
    eq(messages.tenant, kase.tenant),
    eq(messages.caseUrn, kase.urn),
    query.channel ? eq(messages.channel, query.channel) : undefined,
    query.status ? eq(messages.status, query.status) : undefined,
    query.kind ? eq(messages.kind, query.kind) : undefined,
  ];
  const after = decodeCursor(query.cursor, ["time", "urn"]);
  if (after) {
    const [at, urn] = after as [string, string];
    where.push(sql`(${messages.createdAt}, ${messages.urn}) < (${at}::timestamptz, ${urn})`);
  }
  const rows = await ctx.db
    .select({ m: messages, key: sql<string>`${messages.createdAt}::text`, passenger: passengerOfMessage })
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.urn))
    .limit(query.limit + 1);
  const page = paginate(rows, query.limit, (r) => [r.key, r.m.urn]);
  return { items: page.items.map((r) => toCaseMessage(ctx, r.m, r.passenger?.[0] ?? null, r.passenger?.[1] ?? null)), nextCursor: page.nextCursor };
}

export function toCaseMessage(ctx: Ctx, m: typeof messages.$inferSelect, passengerId: string | null = null, passengerName: string | null = null): CaseMessageItem {
  return {
    urn: m.urn,
    caseUrn: m.caseUrn,
    channel: m.channel,
    kind: m.kind,
    status: m.status,
    recipient: recipientFor(ctx.principal.roles, m.channel, m.recipient),
    locale: m.locale,
    attempts: m.attempts,
    receipts: m.receipts,
    failure: failureInWords(m),
    lastError: m.lastError,
    reservationUrn: m.relatedUrn ? m.relatedUrn.split("#")[0] : null,
    passengerLink: passengerLinkFor(ctx.principal.roles, m.passengerLink),
    version: m.version,
    resend: m.resend,
    resendReason: m.resendReason,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    deliveredAt: m.deliveredAt?.toISOString() ?? null,
    passenger: passengerId ? { passengerId, name: passengerName } : null,
  };
}
