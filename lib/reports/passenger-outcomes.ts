import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { VOUCHER_KINDS_SQL as KINDS } from "@/lib/messages/kinds";
import { e164Sql } from "@/lib/phone";
import type { AirportBasis } from "./figures";
import { rowsOf } from "@/db/rows";

/** How soon after their voucher a passenger counts as reached in the weekly report. */
export const REACH_WINDOW_MINUTES = 10;

type Row = Record<string, unknown>;

/**
 * Per airport, the passengers of live cases who got their first voucher in [from, to) and, by
 * channel, those the channel could reach (an email address, a phone number toE164 can read) and those it reached
 * within 10 minutes of that voucher: an email accepted by the mail server (sent_at), an SMS
 * confirmed by the handset (delivered_at). One statement.
 */
export async function addReachWithinTen(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const result = await ctx.db.execute(sql`
    WITH first_voucher AS (
      SELECT c.airport, p.case_urn, p.passenger_id, p.email, p.phone, min(v.created_at) AS at
      FROM vouchers v
      JOIN reservations r ON r.urn = v.reservation_urn
      JOIN cases c ON c.urn = r.case_urn
      JOIN passengers p ON p.case_urn = r.case_urn AND p.group_id = r.group_id
      WHERE c.tenant = ${ctx.principal.tenant} AND c.mode = 'LIVE'
      GROUP BY c.airport, p.case_urn, p.passenger_id, p.email, p.phone
    )
    SELECT f.airport,
      count(*)::int AS vouchered,
      count(*) FILTER (WHERE f.email IS NOT NULL)::int AS emailable,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM messages m WHERE m.case_urn = f.case_urn AND m.kind IN (${KINDS}) AND m.channel = 'EMAIL'
          AND lower(m.recipient) = lower(f.email) AND m.sent_at IS NOT NULL AND m.sent_at <= f.at + make_interval(mins => ${REACH_WINDOW_MINUTES})
      ))::int AS email_within,
      count(*) FILTER (WHERE ${e164Sql(sql`f.phone`)} IS NOT NULL)::int AS phoneable,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM messages m WHERE m.case_urn = f.case_urn AND m.kind IN (${KINDS}) AND m.channel = 'SMS'
          AND m.recipient = ${e164Sql(sql`f.phone`)}
          AND m.delivered_at IS NOT NULL AND m.delivered_at <= f.at + make_interval(mins => ${REACH_WINDOW_MINUTES})
      ))::int AS sms_within
    FROM first_voucher f
    WHERE f.at >= ${from.toISOString()}::timestamptz AND f.at < ${to.toISOString()}::timestamptz
    GROUP BY f.airport
  `);
  for (const r of rowsOf<Row>(result)) {
    const b = basis(r.airport as string);
    b.vouchered += Number(r.vouchered);
    b.emailable += Number(r.emailable);
    b.emailWithin10 += Number(r.email_within);
    b.phoneable += Number(r.phoneable);
    b.smsWithin10 += Number(r.sms_within);
  }
}

/**
 * Per airport, of the passengers of live cases opened in [from, to): those who chose another hotel
 * on their page (their group's reservation requested_by PASSENGER) and those who declined the
 * hotel (LOCAL_RESIDENT with a `passenger.decline` audit entry on their group's reservation, which
 * lib/passenger/decline.ts writes). One statement.
 */
export async function addChoices(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const result = await ctx.db.execute(sql`
    SELECT c.airport,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM reservations r WHERE r.case_urn = p.case_urn AND r.group_id = p.group_id AND r.requested_by = 'PASSENGER'
      ))::int AS chose,
      count(*) FILTER (WHERE p.operational_status = 'LOCAL_RESIDENT' AND EXISTS (
        SELECT 1 FROM audit_entries a WHERE a.tenant = c.tenant AND a.action = 'passenger.decline'
          AND a.entity_urn IN (SELECT r.urn FROM reservations r WHERE r.case_urn = p.case_urn AND r.group_id = p.group_id)
      ))::int AS declined
    FROM passengers p
    JOIN cases c ON c.urn = p.case_urn
    WHERE c.tenant = ${ctx.principal.tenant} AND c.mode = 'LIVE' AND c.created_at >= ${from.toISOString()}::timestamptz AND c.created_at < ${to.toISOString()}::timestamptz
    GROUP BY c.airport
  `);
  for (const r of rowsOf<Row>(result)) {
    const b = basis(r.airport as string);
    b.choseOtherHotel += Number(r.chose);
    b.declined += Number(r.declined);
  }
}
