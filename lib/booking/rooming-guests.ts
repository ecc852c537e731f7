import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passengers } from "@/db/schema";
import { ERASED_NAME } from "@/lib/privacy/scrub-text";
import type { SpecialNeed } from "@/lib/vocabulary";

export type RoomingGuest = { name: string; specialNeeds: SpecialNeed[] };

/** The key of a booked group: a group id is unique only within its case. */
export const groupKey = (caseUrn: string, groupId: string) => `${caseUrn}|${groupId}`;

/**
 * The guests a hotel desk expects of each booked group, in manifest order, as the rooming list and
 * the extranet's arrivals print them: "LASTNAME, First" and special needs; nothing else about the
 * passenger. Cancelled passengers and local residents do not come; an erased passenger keeps a
 * place (the room is still theirs) under "(name erased)". By groupKey.
 */
export async function roomingGuests(db: DbOrTx, groups: readonly { caseUrn: string; groupId: string }[]): Promise<Map<string, RoomingGuest[]>> {
  const out = new Map<string, RoomingGuest[]>();
  if (!groups.length) return out;
  const byCase = new Map<string, Set<string>>();
  for (const g of groups) byCase.set(g.caseUrn, (byCase.get(g.caseUrn) ?? new Set()).add(g.groupId));
  const rows = await db
    .select({
      caseUrn: passengers.caseUrn,
      groupId: passengers.groupId,
      firstName: passengers.firstName,
      lastName: passengers.lastName,
      erasedAt: passengers.erasedAt,
      specialNeeds: passengers.specialNeeds,
      status: passengers.operationalStatus,
    })
    .from(passengers)
    .where(or(...[...byCase].map(([caseUrn, ids]) => and(eq(passengers.caseUrn, caseUrn), inArray(passengers.groupId, [...ids])))))
    .orderBy(asc(passengers.caseUrn), asc(passengers.position));
  for (const p of rows) {
    if (p.status === "CANCELLED" || p.status === "LOCAL_RESIDENT") continue;
    const name = p.erasedAt ? ERASED_NAME : [p.lastName?.toUpperCase(), p.firstName].filter(Boolean).join(", ") || "(name missing)";
    const key = groupKey(p.caseUrn, p.groupId);
    out.set(key, [...(out.get(key) ?? []), { name, specialNeeds: p.specialNeeds }]);
  }
  return out;
}
