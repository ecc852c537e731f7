import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { allocationWaves, cases, demands, mealVouchers, policies, reservations, reviewItems, rideVouchers } from "@/db/schema";
import { caseFacts } from "@/lib/case-facts";
import { urnKind } from "@/lib/ids";

/**
 * The airport of the record a URN names, in the tenant: a case's own airport, the case's airport
 * for what hangs off a case (demand, wave, reservation, review item, ride voucher), a policy's airport (null for
 * a policy of no airport). Null when the record does not exist or belongs to another tenant, or the
 * kind has no airport. Lets an audit entry of a refused request be scoped like the record's own.
 */
export async function airportOfUrn(db: DbOrTx, tenant: string, urn: string): Promise<string | null> {
  const one = async (q: Promise<{ airport: string | null }[]>) => (await q)[0]?.airport ?? null;
  switch (urnKind(urn)) {
    case "case": {
      const facts = await caseFacts(db, urn);
      return facts?.tenant === tenant ? facts.airport : null;
    }
    case "policy":
      return one(db.select({ airport: policies.airport }).from(policies).where(and(eq(policies.urn, urn), eq(policies.tenant, tenant))).limit(1));
    case "review":
      return one(db.select({ airport: reviewItems.airport }).from(reviewItems).where(and(eq(reviewItems.urn, urn), eq(reviewItems.tenant, tenant))).limit(1));
    case "demand":
      return one(
        db.select({ airport: cases.airport }).from(demands).innerJoin(cases, eq(cases.urn, demands.caseUrn)).where(and(eq(demands.urn, urn), eq(demands.tenant, tenant))).limit(1),
      );
    case "wave":
      return one(
        db
          .select({ airport: cases.airport })
          .from(allocationWaves)
          .innerJoin(cases, eq(cases.urn, allocationWaves.caseUrn))
          .where(and(eq(allocationWaves.urn, urn), eq(allocationWaves.tenant, tenant)))
          .limit(1),
      );
    case "ride":
      return one(
        db
          .select({ airport: cases.airport })
          .from(rideVouchers)
          .innerJoin(cases, eq(cases.urn, rideVouchers.caseUrn))
          .where(and(eq(rideVouchers.urn, urn), eq(rideVouchers.tenant, tenant)))
          .limit(1),
      );
    case "reservation":
      return one(
        db
          .select({ airport: cases.airport })
          .from(reservations)
          .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
          .where(and(eq(reservations.urn, urn), eq(reservations.tenant, tenant)))
          .limit(1),
      );
    case "meal":
      return one(
        db
          .select({ airport: cases.airport })
          .from(mealVouchers)
          .innerJoin(cases, eq(cases.urn, mealVouchers.caseUrn))
          .where(and(eq(mealVouchers.urn, urn), eq(mealVouchers.tenant, tenant)))
          .limit(1),
      );
    default:
      return null;
  }
}
