import { and, desc, eq } from "drizzle-orm";
import { careAssessments, type CareAssessmentRow, passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { CaseRef } from "@/lib/cases/inputs";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { shortName } from "@/lib/privacy/short-name";
import { parseInput, shapeRecord } from "@/lib/validation";
import { CARE_KINDS, CARE_REGIMES, type CareRegime } from "@/lib/vocabulary";
import { computeCare, latestCare } from "./assess";
import { CaseCare, PENDING_TRIGGER } from "./schemas";

/** Bases that are not a passenger-rights regime covering the flight. */
const NOT_A_REGIME: ReadonlySet<CareRegime> = new Set(["AIRLINE", "SUPERVISOR", "NONE"]);

/**
 * GET /cases/{caseUrn}/care: the case's right to care as its newest assessment decided it, for the
 * roles that read the case (loadCase: another tenant's or a FEED client's other case 404, an
 * airport outside the claims 403). A case not assessed yet (the job after intake has not run) is
 * decided now in memory and answered with `version: null`, `trigger: "PENDING"`: a read writes
 * nothing (no lock, no version, no audit in the reader's name); storing is the assessment job's.
 * Groups and names are read from the manifest now, since groups may have been split or merged
 * since the assessment.
 */
export async function readCaseCare(ctx: Ctx, caseUrn: string): Promise<CaseCare> {
  requirePermission(ctx, "case:read", "read a case's right to care");
  const { caseUrn: urn } = parseInput(CaseRef, { caseUrn });
  const kase = await loadCase(ctx, urn);
  const stored = await latestCare(ctx, kase.urn);
  const latest = stored ?? { version: null, trigger: PENDING_TRIGGER, createdAt: new Date(), ...(await computeCare(ctx, kase)) };
  const history = await ctx.db
    .select({ version: careAssessments.version, trigger: careAssessments.trigger, createdAt: careAssessments.createdAt })
    .from(careAssessments)
    .where(and(eq(careAssessments.caseUrn, kase.urn), eq(careAssessments.tenant, kase.tenant)))
    .orderBy(desc(careAssessments.version));
  const manifest = await ctx.db
    .select({ passengerId: passengers.passengerId, groupId: passengers.groupId, firstName: passengers.firstName, lastName: passengers.lastName, erasedAt: passengers.erasedAt })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, kase.urn), eq(passengers.tenant, kase.tenant)));
  const now = new Map(manifest.map((p) => [p.passengerId, p]));
  return shapeRecord(CaseCare, {
    caseUrn: kase.urn,
    version: latest.version,
    trigger: latest.trigger,
    assessedAt: latest.createdAt.toISOString(),
    disruption: latest.facts.disruption,
    facts: factsRecord(latest.facts),
    regimes: coveringRegimes(latest.passengers),
    summary: careCounts(latest.passengers),
    passengers: latest.passengers.map((p) => {
      const m = now.get(p.passengerId);
      return { passengerId: p.passengerId, groupId: m?.groupId ?? p.groupId, name: m && !m.erasedAt ? shortName(m.firstName, m.lastName) : null, priority: p.priority, entitlements: p.entitlements };
    }),
    history: history.map((h) => ({ version: h.version, trigger: h.trigger, assessedAt: h.createdAt.toISOString() })),
  });
}

function factsRecord(f: CareAssessmentRow["facts"]) {
  return {
    origin: f.flight.origin,
    destination: f.flight.destination,
    originCountry: f.originCountry,
    destinationCountry: f.destinationCountry,
    carrierCountry: f.carrierCountry,
    distanceKm: f.distanceKm,
    blockMinutes: f.blockMinutes,
    nextDeparture: f.nextDeparture,
    waitMinutes: f.waitMinutes,
    overnight: f.overnight,
  };
}

/** The regimes any basis of the assessment came from, in the vocabulary's order. */
export function coveringRegimes(list: CareAssessmentRow["passengers"]): CareRegime[] {
  const seen = new Set(list.flatMap((p) => p.entitlements.flatMap((e) => e.basis.map((b) => b.regime))));
  return CARE_REGIMES.filter((r) => seen.has(r) && !NOT_A_REGIME.has(r));
}

/** Passengers owed each kind, and the priority passengers. */
export function careCounts(list: CareAssessmentRow["passengers"]): CaseCare["summary"] {
  const out = { MEAL: 0, HOTEL: 0, TRANSPORT: 0, COMMUNICATION: 0, priority: 0 };
  for (const p of list) {
    if (p.priority) out.priority++;
    for (const kind of CARE_KINDS) if (p.entitlements.some((e) => e.kind === kind && e.owed)) out[kind]++;
  }
  return out;
}
