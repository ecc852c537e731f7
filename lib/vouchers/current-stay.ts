import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { reservations, type ReservationRow } from "@/db/schema";

/**
 * The stay a passenger link shows: its own reservation, or the last stay that replaced it. A
 * cancelled stay follows its replacement (a re-accommodation elsewhere); a CONFIRMED one follows a
 * CONFIRMED replacement too, since the stay the passenger chose is theirs as soon as it is
 * confirmed, while the first is still being released. The passenger page and the voucher behind
 * it both read it, so they never show two different hotels.
 */
export async function currentStay(db: DbOrTx, urn: string): Promise<ReservationRow | null> {
  let [row] = await db.select().from(reservations).where(eq(reservations.urn, urn)).limit(1);
  for (let hops = 0; row && (row.status === "CANCELLED" || row.status === "CONFIRMED") && hops < 10; hops++) {
    const followed: ReservationRow["status"][] = row.status === "CANCELLED" ? ["CONFIRMED", "CHECKED_OUT", "CANCELLED"] : ["CONFIRMED", "CHECKED_OUT"];
    const [next] = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.previousUrn, row.urn), eq(reservations.stayChange, "REPLACEMENT"), inArray(reservations.status, followed)))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    if (!next) break;
    row = next;
  }
  return row ?? null;
}
