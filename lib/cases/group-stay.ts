import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passengerGroups } from "@/db/schema";

/**
 * A group's hotel and stay (passenger_groups.hotel_urn, reservation_urn): lib/cases owns the table,
 * other domains change it only through these, inside their own transaction, because the group's
 * pointer must change with the wave or reservation that moves it (a confirmed stay and the group
 * that sleeps there commit together). Allocation places and holds; booking houses and releases.
 */

/** Allocation placed the groups at a hotel (null: held, no hotel). */
export async function placeGroups(db: DbOrTx, input: { caseUrn: string; groupIds: string[]; hotelUrn: string | null }): Promise<void> {
  if (input.groupIds.length === 0) return;
  await db
    .update(passengerGroups)
    .set({ hotelUrn: input.hotelUrn })
    .where(and(eq(passengerGroups.caseUrn, input.caseUrn), inArray(passengerGroups.groupId, input.groupIds)));
}

/** Booking confirmed the group's stay at a hotel. */
export async function houseGroup(db: DbOrTx, input: { caseUrn: string; groupId: string; reservationUrn: string; hotelUrn: string }): Promise<void> {
  await houseGroups(db, { caseUrn: input.caseUrn, stays: [input] });
}

/** Booking confirmed the stays of several groups of a case (a wave's chunk): one statement. */
export async function houseGroups(db: DbOrTx, input: { caseUrn: string; stays: { groupId: string; reservationUrn: string; hotelUrn: string }[] }): Promise<void> {
  if (input.stays.length === 0) return;
  const values = input.stays.map((s) => ({ group_id: s.groupId, reservation_urn: s.reservationUrn, hotel_urn: s.hotelUrn }));
  await db.execute(sql`
    UPDATE passenger_groups g SET reservation_urn = v.reservation_urn, hotel_urn = v.hotel_urn, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(group_id text, reservation_urn text, hotel_urn text)
    WHERE g.case_urn = ${input.caseUrn} AND g.group_id = v.group_id`);
}

/**
 * The group's stay ended early (cancelled, walked): only while the group still points at that stay,
 * so a group housed meanwhile keeps its room. `keepHotel`: the hotel stays recorded (a cancellation
 * for good keeps where the group was). Returns the groups released.
 */
export async function releaseGroupStay(db: DbOrTx, input: { caseUrn: string; groupId: string; reservationUrn: string; keepHotel?: boolean }): Promise<string[]> {
  const released = await db
    .update(passengerGroups)
    .set({ reservationUrn: null, ...(input.keepHotel ? {} : { hotelUrn: null }) })
    .where(and(eq(passengerGroups.caseUrn, input.caseUrn), eq(passengerGroups.groupId, input.groupId), eq(passengerGroups.reservationUrn, input.reservationUrn)))
    .returning({ groupId: passengerGroups.groupId });
  return released.map((r) => r.groupId);
}
