import { sql, type SQL } from "drizzle-orm";
import { messages, passengers, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { VOUCHER_KINDS_SQL } from "./kinds";
import { e164Sql } from "@/lib/phone";

/**
 * Passengers with a CONFIRMED reservation, by whether they have been reached. A message about a
 * group goes to every address of the group (recipientsOfGroup), so a passenger is reached when
 * their group's contact was: a child with no phone of their own is reached through the parent who
 * booked. Each passenger is in exactly one bucket, in this order: reached (a message of
 * VOUCHER_KINDS to an address of their group SENT by email, or DELIVERED by SMS), noContact (nobody
 * in the group has an email or a phone we can text, i.e. none or one toE164 cannot read: nothing is
 * ever written to them, so hand them a printed voucher), waiting (a message queued or on its way,
 * or none written yet), kept (only kept: no server configured, or a drill), failed (every message
 * to the group failed).
 */
export type Reach = { passengers: number; reached: number; waiting: number; failed: number; kept: number; noContact: number };

/**
 * What the voucher messages to one passenger's group came to: the writer stores recipients
 * normalised (an address lowercased, a number in E.164), so each group member's own normalised
 * address and number find the group's messages through the (case, recipient) index; a group is a
 * handful of passengers. (A correlated search per bucket, normalising every message's number, made
 * the board's read cost passengers × messages × 4 and slowed a meltdown's bookings with it.)
 */
const delivery = sql`lateral (
  select
    bool_or((m.channel = 'EMAIL' and m.status in ('SENT', 'DELIVERED')) or (m.channel = 'SMS' and m.status = 'DELIVERED')) as reached,
    bool_or(m.status = 'QUEUED' or (m.channel = 'SMS' and m.status = 'SENT')) as under_way,
    bool_or(m.status = 'KEPT') as kept,
    bool_or(m.status = 'FAILED') as failed
  from ${passengers} g
  join ${messages} m on m.case_urn = g.case_urn and m.kind in (${VOUCHER_KINDS_SQL})
    and m.recipient in (lower(btrim(g.email)), ${e164Sql(sql`g.phone`)})
  where g.case_urn = ${passengers.caseUrn} and g.group_id = ${passengers.groupId}
) d`;

const reached = sql`coalesce(d.reached, false)`;
// the writer's rule (recipientsOfGroup): a blank email and a number toE164 cannot read get no
// message, so a group none of whose members has either is never written to
const noContact = sql`not exists (
  select 1 from ${passengers} g
  where g.case_urn = ${passengers.caseUrn} and g.group_id = ${passengers.groupId}
    and (nullif(btrim(g.email), '') is not null or ${e164Sql(sql`g.phone`)} is not null)
)`;
const underWay = sql`coalesce(d.under_way, false)`;
const kept = sql`coalesce(d.kept, false)`;
const failed = sql`coalesce(d.failed, false)`;

const count = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;

/**
 * Reach over the passengers of `passengerScope` (their cases: every night's passengers are in the
 * table, so the scan starts from the cases' own) whose group holds a CONFIRMED reservation matching
 * `reservationScope` (the open cases of an airport for the board, a case's wave for its progress).
 * One statement: every figure is a filtered count over the same passengers.
 */
export async function reachOf(ctx: Ctx, scope: { passengers: SQL; reservations: SQL }): Promise<Reach> {
  const reservationScope = scope.reservations;
  const housed = sql`exists (select 1 from ${reservations} where ${reservations.caseUrn} = ${passengers.caseUrn} and ${reservations.groupId} = ${passengers.groupId} and ${reservations.status} = 'CONFIRMED' and (${reservationScope}))`;
  const [row] = await ctx.db
    .select({
      passengers: sql<number>`count(*)::int`,
      reached: count(reached),
      noContact: count(sql`not ${reached} and ${noContact}`),
      kept: count(sql`not ${reached} and not ${noContact} and not ${underWay} and ${kept}`),
      failed: count(sql`not ${reached} and not ${noContact} and not ${underWay} and not ${kept} and ${failed}`),
    })
    .from(sql`${passengers} cross join ${delivery}`)
    .where(sql`(${scope.passengers}) and ${housed}`);
  const r = row ?? { passengers: 0, reached: 0, noContact: 0, kept: 0, failed: 0 };
  return { ...r, waiting: r.passengers - r.reached - r.noContact - r.kept - r.failed };
}
