import { isDeepStrictEqual } from "node:util";
import { and, desc, eq } from "drizzle-orm";
import { airports, careAssessments, type CareAssessmentRow, careOverrides, type CaseRow, passengers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { caseDisruption } from "@/lib/cases/disruption";
import { loadCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import { loadSettings } from "@/lib/tenants/load-settings";
import { TIERS, type Tier } from "@/lib/vocabulary";
import { decideCare } from "./decide";
import { type CareAirport, careFacts } from "./facts";
import type { CarePassenger } from "./types";

/** What moved the facts of a case's right to care. */
export type CareTrigger = "CASE_CREATED" | "REACCOMMODATED" | "PASSENGERS_ADDED" | "POLICY" | "OVERRIDE";

/** Why the right to care was decided again, as the audit's reason says it to a person (the trigger stays in `after`). */
export const TRIGGER_WORDS: Record<CareTrigger, string> = {
  CASE_CREATED: "decided at intake",
  REACCOMMODATED: "the next flight moved",
  PASSENGERS_ADDED: "passengers joined the case",
  POLICY: "the care policy changed",
  OVERRIDE: "a supervisor's override",
};

/** What the right to care of a case is, decided from the facts now: not stored. */
export type ComputedCare = { facts: CareAssessmentRow["facts"]; passengers: CareAssessmentRow["passengers"] };

/**
 * Decides who on a case is owed what from the facts now (the flight, the next one, the airports,
 * the tenant's carrier country, every passenger with their tier's policy and their group's
 * override), in memory: nothing is written. assessCare stores it; a read that finds no stored
 * version yet answers it as pending (lib/care/read.ts, lib/care/rooms.ts).
 */
export async function computeCare(ctx: Ctx, row: CaseRow): Promise<ComputedCare> {
  const [origin, destination] = await Promise.all([airportOf(ctx, row.flight.origin), airportOf(ctx, row.flight.destination)]);
  const settings = await loadSettings(ctx, row.tenant);
  const facts = careFacts({ flight: row.flight, nextFlight: row.nextFlight ?? null, disruption: caseDisruption(row), origin, destination, carrierCountry: settings.carrierCountry });
  return { facts, passengers: decideCare(facts, await carePassengers(ctx, row)) };
}

/**
 * Decides who on a case is owed what (computeCare), and keeps it as a new version when it differs
 * from the newest (same facts and verdicts: nothing is written, so a replayed event is a no-op). The
 * case row is locked, so two assessments of one case take distinct versions. Audited with its
 * inputs; "care/assessed" wakes what reacts to it (meal vouchers) after the commit.
 */
export async function assessCare(ctx: Ctx, caseUrn: string, trigger: CareTrigger): Promise<{ assessment: CareAssessmentRow; fresh: boolean }> {
  return transaction(ctx, async (tx) => {
    const row = await loadCase(tx, caseUrn, { forUpdate: true });
    return storeCare(tx, row, trigger, await computeCare(tx, row));
  });
}

/** Keeps a computed decision as the case's next version unless it equals the newest; in the caller's transaction, the case row locked. */
async function storeCare(tx: Ctx, row: CaseRow, trigger: CareTrigger, { facts, passengers: decided }: ComputedCare): Promise<{ assessment: CareAssessmentRow; fresh: boolean }> {
  const [latest] = await tx.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, row.urn)).orderBy(desc(careAssessments.version)).limit(1);
  if (latest && sameJson(latest.facts, facts) && sameJson(latest.passengers, decided)) {
    return { assessment: latest, fresh: false };
  }
  const version = (latest?.version ?? 0) + 1;
  const [assessment] = await tx.db
    .insert(careAssessments)
    .values({ urn: newUrn("care"), tenant: row.tenant, caseUrn: row.urn, version, trigger, facts, passengers: decided, createdBy: tx.principal.sub })
    .returning();
  await writeAudit(tx, {
    entity: "case",
    entityUrn: row.urn,
    action: "care-assessed",
    airport: row.airport,
    reason: TRIGGER_WORDS[trigger],
    before: latest ? { care: { version: latest.version, owed: owedCounts(latest.passengers) } } : undefined,
    after: { care: { version, trigger, facts, owed: owedCounts(decided) } },
  });
  await emit(tx, "care/assessed", { tenant: row.tenant, caseUrn: row.urn, version, trigger });
  return { assessment, fresh: true };
}

/** The newest assessment of a case, or null before the first. */
export async function latestCare(ctx: Ctx, caseUrn: string): Promise<CareAssessmentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(careAssessments)
    .where(and(eq(careAssessments.caseUrn, caseUrn), eq(careAssessments.tenant, ctx.principal.tenant)))
    .orderBy(desc(careAssessments.version))
    .limit(1);
  return row ?? null;
}

/** Passengers owed each kind: the audit's summary of an assessment. */
export function owedCounts(list: CareAssessmentRow["passengers"]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of list) for (const e of p.entitlements) counts[e.kind] = (counts[e.kind] ?? 0) + (e.owed ? 1 : 0);
  return counts;
}

async function airportOf(ctx: Ctx, iata: string): Promise<CareAirport> {
  const [a] = await ctx.db
    .select({ iata: airports.iata, country: airports.country, latitude: airports.latitude, longitude: airports.longitude, timeZone: airports.timeZone })
    .from(airports)
    .where(eq(airports.iata, iata))
    .limit(1);
  if (!a) throw invalid(`The airport ${iata} is unknown.`);
  return a;
}

/** Every passenger of the case, with the care section of the policy matched for their tier and their group's override. */
async function carePassengers(ctx: Ctx, row: CaseRow): Promise<CarePassenger[]> {
  const pax = await ctx.db
    .select({ passengerId: passengers.passengerId, groupId: passengers.groupId, tier: passengers.tier, specialNeeds: passengers.specialNeeds })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, row.urn), eq(passengers.tenant, row.tenant)))
    .orderBy(passengers.groupId, passengers.position, passengers.passengerId);
  const tiers = [...new Set(pax.map((p) => p.tier).filter((t): t is Tier => t !== null))];
  const matched = await matchPolicies(ctx, { ...caseContext(row), tiers: tiers.length ? tiers : [...TIERS] });
  const overrides = await ctx.db
    .select()
    .from(careOverrides)
    .where(and(eq(careOverrides.caseUrn, row.urn), eq(careOverrides.tenant, row.tenant)));
  const byGroup = new Map(overrides.map((o) => [o.groupId, { kinds: o.kinds, reason: o.reason, by: o.createdBy }]));
  return pax.map((p) => ({ ...p, airlineCare: (p.tier && matched.get(p.tier)?.care) || null, ...(byGroup.has(p.groupId) ? { override: byGroup.get(p.groupId) } : {}) }));
}

/** jsonb keeps its own key order: compare as values, as the stored JSON would read back. */
function sameJson(stored: unknown, fresh: unknown): boolean {
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(fresh)));
}
