import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, careAssessments } from "@/db/schema";
import { PATCH } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import type { Ctx } from "@/lib/context";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });
const ctxOf = (tenant: string): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "care") });
const owed = (p: { entitlements: { kind: string; owed: boolean }[] }, kind: string) => p.entitlements.find((e) => e.kind === kind)?.owed;

describe("assessCare", () => {
  it("decides a case's right to care, keeps each change as a version with its audit, and writes nothing when nothing moved", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    // CDG 19:05 Paris, cancelled, crew shortage; next flight the next morning
    const c = await createCase(ops, casePayload({ disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE", description: "crew shortage" }, passengerGroups: [{ pnr: "CARE01", passengers: [pax("P1"), pax("P2", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] })] }] }));
    expect(c.disruption).toEqual({ kind: "CANCELLATION", cause: "CONTROLLABLE", description: "crew shortage" });

    const first = await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    expect(first).toMatchObject({ fresh: true, assessment: { version: 1, trigger: "CASE_CREATED" } });
    expect(first.assessment.facts).toMatchObject({ originCountry: "FR", destinationCountry: "US", overnight: true, disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" } });
    const [p1, p2] = first.assessment.passengers;
    expect(p1).toMatchObject({ passengerId: "P1", priority: false });
    expect(p2.priority).toBe(true);
    expect(owed(p1, "MEAL")).toBe(true);
    expect(owed(p1, "HOTEL")).toBe(true);
    const meal = p1.entitlements.find((e) => e.kind === "MEAL")!;
    expect(meal).toMatchObject({ fromMinutes: 0 });
    expect(meal.basis[0]).toMatchObject({ regime: "EU261", article: "Art. 5(1)(b), 9(1)(a)", owed: true });

    const again = await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    expect(again).toMatchObject({ fresh: false, assessment: { version: 1 } });

    // rebooked the same evening: no overnight stay, so no hotel; meals still owed
    const res = await call(PATCH, `/cases/${c.urn}/reaccommodate`, { token: ops, params: { caseUrn: c.urn }, method: "PATCH", body: { nextFlight: { number: "AF1260", scheduledDeparture: "2026-11-21T21:30:00Z" } } });
    expect(res.status).toBe(200);
    const second = await assessCare(ctxOf(tenant), c.urn, "REACCOMMODATED");
    expect(second.assessment.version).toBe(2);
    expect(owed(second.assessment.passengers[0], "HOTEL")).toBe(false);
    expect(owed(second.assessment.passengers[0], "MEAL")).toBe(true);

    const rows = await database.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, c.urn));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
    const audits = (await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, c.urn))).filter((a) => a.action === "care-assessed");
    expect(audits).toHaveLength(2);
  });

  it("reads a case created without a disruption as a cancellation of unknown cause", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "OPS_SUPERVISOR"));
    expect(c.disruption).toEqual({ kind: "CANCELLATION", cause: "UNKNOWN" });
  });
});
