import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { messages, passengers, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { VOUCHER_KINDS_SQL } from "./kinds";
import { e164Sql } from "@/lib/phone";

/**
 * Passengers with a CONFIRMED reservation, by whether they have been reached. A message about a
 * group goes to every address of the group (recipientsOfGroup), so a passenger is reached when
 * their group's contact was: a child with no phone of their own is reached through the parent who
 * booked. Each passenger is in exactly one bucket, in this order: reached (a message of
 * VOUCHER_KINDS about their group's confirmed stay SENT by email, or DELIVERED by SMS), noContact (nobody
 * in the group has an email or a phone we can text, i.e. none or one toE164 cannot read: nothing is
 * ever written to them, so hand them a printed voucher), waiting (a message queued or on its way,
 * or none written yet), kept (only kept: no server configured, or a drill), failed (every message
 * to the group failed).
 */
export type Reach = { passengers: number; reached: number; waiting: number; failed: number; kept: number; noContact: number };

/**
 * Reach over the passengers of `passengerScope` (their cases: every night's passengers are in the
 * table, so the scan starts from the cases' own) whose group holds a CONFIRMED reservation matching
 * `reservationScope` (the open cases of an airport for the board, a case's wave for its progress).
 * One statement, counted per group and weighed by its passengers: a group's voucher messages are
 * those about its confirmed stay (`related_urn`, indexed), written to every address of the group,
 * so a group is reached, under way, kept or failed by them whoever in it they went to; a rehoused
 * group is reached when the message about its new stay was. Matching each passenger's normalised
 * addresses to the messages' recipients, per passenger, cost a board read 145 ms on PostgreSQL (4,765
 * passengers) and 78–117 ms of the embedded database's one thread (640); this costs 70 ms and 25–45 ms
 * (docs/embedded-database.md).
 */
export async function reachOf(ctx: Ctx, scope: { passengers: SQL; reservations: SQL }): Promise<Reach> {
  // the writer's rule (recipientsOfGroup): a blank email and a number toE164 cannot read get no
  // message, so a group none of whose members has either is never written to
  const contact = sql`nullif(btrim(${passengers.email}), '') is not null or ${e164Sql(sql`${passengers.phone}`)} is not null`;
  const housed = sql`${reservations.status} = 'CONFIRMED' and (${scope.reservations})`;
  // one aggregation over three plain scans (no join of two aggregates, which a planner without fresh
  // statistics turned into a nested loop running one of them per group: 14 s on PostgreSQL)
  const result = await ctx.db.execute(sql`
    with fact as (
      select ${passengers.caseUrn} as case_urn, ${passengers.groupId} as group_id, 1 as pax, (${contact}) as contact,
        false as housed, false as reached, false as under_way, false as kept, false as failed
      from ${passengers} where (${scope.passengers})
      union all
      select ${reservations.caseUrn}, ${reservations.groupId}, 0, false, true, false, false, false, false
      from ${reservations} where ${housed}
      union all
      select ${reservations.caseUrn}, ${reservations.groupId}, 0, false, false,
        (m.channel = 'EMAIL' and m.status in ('SENT', 'DELIVERED')) or (m.channel = 'SMS' and m.status = 'DELIVERED'),
        m.status = 'QUEUED' or (m.channel = 'SMS' and m.status = 'SENT'), m.status = 'KEPT', m.status = 'FAILED'
      from ${reservations} join ${messages} m on m.related_urn = ${reservations.urn} and m.kind in (${VOUCHER_KINDS_SQL})
      where ${housed}
    ), g as (
      select sum(pax) as n, bool_or(reached) as reached, not bool_or(contact) as no_contact, bool_or(under_way) as under_way,
        bool_or(kept) as kept, bool_or(failed) as failed
      from fact group by case_urn, group_id having bool_or(housed) and sum(pax) > 0
    )
    -- each passenger in exactly one bucket, in the order Reach names them
    select coalesce(sum(n), 0)::int as passengers,
      coalesce(sum(n) filter (where reached), 0)::int as reached,
      coalesce(sum(n) filter (where not reached and no_contact), 0)::int as "noContact",
      coalesce(sum(n) filter (where not reached and not no_contact and not under_way and kept), 0)::int as kept,
      coalesce(sum(n) filter (where not reached and not no_contact and not under_way and not kept and failed), 0)::int as failed
    from g`);
  const [row] = rowsOf<Omit<Reach, "waiting">>(result);
  const r = row ?? { passengers: 0, reached: 0, noContact: 0, kept: 0, failed: 0 };
  return { ...r, waiting: r.passengers - r.reached - r.noContact - r.kept - r.failed };
}
