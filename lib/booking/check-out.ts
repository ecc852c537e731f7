import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { cases, reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { systemPrincipal } from "@/lib/auth/principal";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { deriveCaseStatus } from "@/lib/cases/derive-status";
import { canTransition } from "@/lib/cases/transitions";
import { type Ctx, transaction } from "@/lib/context";

export const CLOSED_BY_CHECK_OUT = "every reservation checked out";

/**
 * The stay ended (a scheduled job): each CONFIRMED reservation whose check-out time passed becomes
 * CHECKED_OUT with its passengers, and a case whose every reservation is then CHECKED_OUT (none
 * PENDING or CONFIRMED left; CANCELLED and FAILED ones are history) closes by itself, audited.
 * Each reservation in its own transaction, so a failure leaves the others done; at most `limit` a run.
 */
export async function checkOutDue(db: Db, now: Date, limit = 500): Promise<{ checkedOut: number; closed: string[] }> {
  const due = await db
    .select({ urn: reservations.urn, tenant: reservations.tenant, caseUrn: reservations.caseUrn, groupId: reservations.groupId })
    .from(reservations)
    .where(and(eq(reservations.status, "CONFIRMED"), lte(reservations.checkOut, now)))
    .orderBy(reservations.checkOut)
    .limit(limit);
  let checkedOut = 0;
  const touched = new Map<string, string>();
  for (const r of due) {
    const ctx: Ctx = { db, principal: systemPrincipal(r.tenant, "check-out") };
    const done = await transaction(ctx, async (tx) => {
      const [row] = await tx.db.update(reservations).set({ status: "CHECKED_OUT" }).where(and(eq(reservations.urn, r.urn), eq(reservations.status, "CONFIRMED"))).returning();
      if (!row) return false;
      // a stay a re-accommodation continued (lib/booking/stay-change-*.ts): the guests stay on and check out with the continuation
      const [continued] = await tx.db
        .select({ urn: reservations.urn })
        .from(reservations)
        .where(and(eq(reservations.previousUrn, r.urn), eq(reservations.stayChange, "CONTINUATION"), eq(reservations.status, "CONFIRMED")))
        .limit(1);
      if (!continued) await movePassengers(tx.db, { caseUrn: r.caseUrn, groupIds: [r.groupId], to: "CHECKED_OUT", from: ["BOOKED"], skipOthers: true });
      await writeAudit(tx, { entity: "reservation", entityUrn: r.urn, action: "check-out", reason: "the stay ended", before: { status: "CONFIRMED" }, after: { status: "CHECKED_OUT" } });
      return true;
    });
    if (done) checkedOut++;
    touched.set(r.caseUrn, r.tenant);
  }
  const closed: string[] = [];
  for (const [caseUrn, tenant] of touched) if (await closeIfAllCheckedOut({ db, principal: systemPrincipal(tenant, "check-out") }, caseUrn)) closed.push(caseUrn);
  return { checkedOut, closed };
}

async function closeIfAllCheckedOut(ctx: Ctx, caseUrn: string): Promise<boolean> {
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(cases).where(eq(cases.urn, caseUrn)).limit(1).for("update");
    if (!row || !canTransition(row.status, "CLOSED")) return false;
    const live = await tx.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.caseUrn, caseUrn), inArray(reservations.status, ["PENDING", "CONFIRMED", "CHECKED_OUT"])));
    if (live.length === 0 || live.some((r) => r.status !== "CHECKED_OUT")) return false;
    return (await deriveCaseStatus(tx, { caseUrn, action: "close", reason: CLOSED_BY_CHECK_OUT, ended: true })).moved;
  });
}
