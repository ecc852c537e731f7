import { and, desc, eq, inArray } from "drizzle-orm";
import { careAssessments, mealVouchers, passengers } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { loadCase } from "@/lib/cases/load";
import { insertChunks } from "@/lib/chunks";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { DEFAULT_CARE } from "@/lib/policies/care";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import type { Tier } from "@/lib/vocabulary";
import { mealSchedule } from "./schedule";

/** The meal voucher's default without a matched policy: 15 in the airport's currency. */
const DEFAULT_AMOUNT = 15;

export type MealPlan = {
  /** PENDING vouchers owed now: issue at once */
  due: string[];
  /** PENDING vouchers owed later, by time: issue when each falls due */
  later: { urn: string; owedFrom: string }[];
  /** vouchers no longer owed (rebooked earlier, MEAL no longer owed): cancel */
  cancel: { urn: string; reason: string }[];
};

/**
 * The meal vouchers the newest assessment of a case owes, written PENDING (once per passenger and
 * seq: the unique key makes twenty concurrent deliveries of the event write one row each), and what
 * is to be done with them: issue the due ones, wait for the later ones, cancel those the new facts no
 * longer owe (a next departure earlier than their time, or MEAL no longer owed). Redeemed, failed
 * and cancelled vouchers are left as they are; an erased passenger gets nothing new (their PENDING
 * vouchers are cancelled, an ISSUED one stays theirs).
 */
export async function planMealVouchers(ctx: Ctx, caseUrn: string, now = new Date()): Promise<MealPlan> {
  return transaction(ctx, async (tx) => {
    const kase = await loadCase(tx, caseUrn);
    const [assessment] = await tx.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, kase.urn)).orderBy(desc(careAssessments.version)).limit(1);
    if (!assessment) return { due: [], later: [], cancel: [] };
    const { facts } = assessment;
    const nextDeparture = facts.nextDeparture ? new Date(facts.nextDeparture) : null;

    const pax = await tx.db
      .select({ passengerId: passengers.passengerId, tier: passengers.tier, erasedAt: passengers.erasedAt })
      .from(passengers)
      .where(and(eq(passengers.caseUrn, kase.urn), eq(passengers.tenant, kase.tenant)));
    const byId = new Map(pax.map((p) => [p.passengerId, p]));
    const tiers = [...new Set(pax.map((p) => p.tier).filter((t): t is Tier => t !== null))];
    const matched = tiers.length ? await matchPolicies(tx, { ...caseContext(kase), tiers }) : new Map();
    const airport = await airportFacts(tx.db, kase.airport);

    const owed = new Set<string>();
    const erased = new Set<string>();
    const rows: (typeof mealVouchers.$inferInsert)[] = [];
    for (const p of assessment.passengers) {
      const meal = p.entitlements.find((e) => e.kind === "MEAL" && e.owed);
      const person = byId.get(p.passengerId);
      if (!meal || !person) continue;
      // erased before owed: an erased passenger's PENDING vouchers are cancelled, never issued
      if (person.erasedAt) {
        erased.add(p.passengerId);
        continue;
      }
      owed.add(p.passengerId);
      const policy = person.tier ? matched.get(person.tier) : null;
      const care = policy?.care ?? DEFAULT_CARE;
      const amount = policy ? care.mealAmount : DEFAULT_AMOUNT;
      const currency = policy?.currency ?? airport?.currency ?? "EUR";
      for (const slot of mealSchedule({ scheduledDeparture: new Date(facts.flight.scheduledDeparture), fromMinutes: meal.fromMinutes ?? 0, everyMinutes: care.mealEveryMinutes, nextDeparture })) {
        rows.push({ urn: newUrn("meal"), tenant: kase.tenant, caseUrn: kase.urn, passengerId: p.passengerId, seq: slot.seq, owedFrom: slot.owedFrom, validUntil: slot.validUntil, amount, currency, assessmentVersion: assessment.version });
      }
    }
    // a big case owes more rows than one statement's bind parameters can carry (lib/chunks.ts)
    for (const chunk of insertChunks(mealVouchers, rows)) await tx.db.insert(mealVouchers).values(chunk).onConflictDoNothing({ target: [mealVouchers.caseUrn, mealVouchers.passengerId, mealVouchers.seq] });

    const open = await tx.db
      .select({ urn: mealVouchers.urn, passengerId: mealVouchers.passengerId, seq: mealVouchers.seq, owedFrom: mealVouchers.owedFrom, status: mealVouchers.status })
      .from(mealVouchers)
      .where(and(eq(mealVouchers.caseUrn, kase.urn), inArray(mealVouchers.status, ["PENDING", "ISSUED"])))
      .orderBy(mealVouchers.owedFrom, mealVouchers.urn);
    const plan: MealPlan = { due: [], later: [], cancel: [] };
    for (const v of open) {
      // a voucher already in the passenger's hands stays valid; no new one goes to erased data
      if (erased.has(v.passengerId)) {
        if (v.status === "PENDING") plan.cancel.push({ urn: v.urn, reason: "the passenger's personal data was erased" });
      } else if (!owed.has(v.passengerId)) plan.cancel.push({ urn: v.urn, reason: "meals are no longer owed" });
      // the first meal is owed however short the wait (mealSchedule): only the later ones fall to an earlier flight
      else if (nextDeparture && v.seq > 1 && v.owedFrom >= nextDeparture) plan.cancel.push({ urn: v.urn, reason: `rebooked onto an earlier flight (departs ${nextDeparture.toISOString()})` });
      else if (v.status !== "PENDING") continue;
      else if (v.owedFrom <= now) plan.due.push(v.urn);
      else plan.later.push({ urn: v.urn, owedFrom: v.owedFrom.toISOString() });
    }
    return plan;
  });
}
