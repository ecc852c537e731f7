import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases, demands, policies } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import { closeCase } from "@/lib/cases/close";
import { createCase } from "@/lib/cases/create";
import { mergeGroups } from "@/lib/cases/merge-groups";
import { reaccommodateCase } from "@/lib/cases/reaccommodate";
import { reopenCase } from "@/lib/cases/reopen";
import { splitGroup } from "@/lib/cases/split-group";
import type { Ctx } from "@/lib/context";
import { createDemand } from "@/lib/demand/create";
import { approveDemand, rejectDemand } from "@/lib/demand/decide";
import { DomainError } from "@/lib/errors";
import { activatePolicy } from "@/lib/policies/activate";
import { createPolicy } from "@/lib/policies/create";
import { updatePolicy } from "@/lib/policies/update";
import { ensureTenant } from "@/lib/tenants/ensure";
import { mintServiceToken } from "@/lib/service-tokens/mint";
import { apiTestDatabase } from "../../helpers/api";
import { casePayload, pax } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { policyPayload } from "../../helpers/policies";

/**
 * Verbs called directly, as a job, a server action or the exception agent would call them: the
 * verb itself refuses a role that may not act (FORBIDDEN) and an airport outside the claims
 * (OUT_OF_SCOPE), before it writes anything.
 */
const database = apiTestDatabase({ airports: true });

const as = (tenant: string, roles: Role[], airports = ["*"]): Ctx => ctxFor(database.db, principal({ tenant, roles, airports }));

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return (err as DomainError).code;
}

/** A CDG case with a splittable group, an INITIAL REQUESTED demand and a DRAFT CDG policy. */
async function world() {
  const tenant = uniqueTenant();
  await ensureTenant(database.db, tenant);
  const admin = as(tenant, ["ADMIN"]);
  const { record } = await createCase({
    ctx: admin,
    input: casePayload({
      passengerGroups: [
        { pnr: "FAM001", passengers: [pax("A1"), pax("A2")] },
        { pnr: "SOLO01", passengers: [pax("S1")] },
      ],
    }),
  });
  const demand = await createDemand({ ctx: admin, input: { caseUrn: record.urn, type: "INITIAL", roomsRequested: 2 } });
  const policy = await createPolicy({ ctx: admin, input: policyPayload({ context: { airport: "CDG" } }) });
  return { tenant, caseUrn: record.urn, demandUrn: demand.urn, policyUrn: policy.urn };
}

type World = Awaited<ReturnType<typeof world>>;
type Verb = { name: string; forbidden: Role[]; call: (ctx: Ctx, w: World) => Promise<unknown> };

const VERBS: Verb[] = [
  { name: "createCase", forbidden: ["AIRPORT_OPERATOR"], call: (ctx) => createCase({ ctx, input: casePayload() }) },
  { name: "splitGroup", forbidden: ["FEED"], call: (ctx, w) => splitGroup({ ctx, input: { caseUrn: w.caseUrn, groupId: "FAM001", into: [["A1"], ["A2"]], reason: "separate rooms" } }) },
  { name: "mergeGroups", forbidden: ["FEED"], call: (ctx, w) => mergeGroups({ ctx, input: { caseUrn: w.caseUrn, groupIds: ["FAM001", "SOLO01"], reason: "one family" } }) },
  { name: "closeCase", forbidden: ["FEED"], call: (ctx, w) => closeCase({ ctx, input: { caseUrn: w.caseUrn, reason: "done" } }) },
  { name: "reopenCase", forbidden: ["OPS_SUPERVISOR"], call: (ctx, w) => reopenCase({ ctx, input: { caseUrn: w.caseUrn, reason: "again" } }) },
  {
    name: "reaccommodateCase",
    forbidden: ["AIRPORT_OPERATOR"],
    call: (ctx, w) => reaccommodateCase({ ctx, input: { caseUrn: w.caseUrn, nextFlight: { number: "AF1240", scheduledDeparture: "2026-11-22T12:00:00Z" } } }),
  },
  { name: "createDemand", forbidden: [], call: (ctx, w) => createDemand({ ctx, input: { caseUrn: w.caseUrn, type: "INCREMENTAL", roomsRequested: 1 } }) },
  { name: "approveDemand", forbidden: ["AIRPORT_OPERATOR", "FEED"], call: (ctx, w) => approveDemand({ ctx, input: { demandUrn: w.demandUrn, reason: "ok" } }) },
  { name: "rejectDemand", forbidden: ["AIRPORT_OPERATOR", "FEED"], call: (ctx, w) => rejectDemand({ ctx, input: { demandUrn: w.demandUrn, reason: "no" } }) },
  { name: "createPolicy", forbidden: ["AIRPORT_OPERATOR", "FEED"], call: (ctx) => createPolicy({ ctx, input: policyPayload({ context: { airport: "CDG" } }) }) },
  { name: "activatePolicy", forbidden: ["AIRPORT_OPERATOR", "FEED"], call: (ctx, w) => activatePolicy({ ctx, input: { policyUrn: w.policyUrn } }) },
  { name: "updatePolicy", forbidden: ["AIRPORT_OPERATOR", "FEED"], call: (ctx, w) => updatePolicy({ ctx, input: { policyUrn: w.policyUrn, patch: { name: "renamed" } } }) },
  { name: "mintServiceToken", forbidden: ["OPS_SUPERVISOR"], call: (ctx) => mintServiceToken({ ctx, input: { name: "feed", airports: ["CDG"] } }) },
];

async function snapshot(tenant: string) {
  const db = database.db;
  return {
    cases: (await db.select().from(cases).where(eq(cases.tenant, tenant))).map((c) => [c.urn, c.status, c.revision]),
    demands: (await db.select().from(demands).where(eq(demands.tenant, tenant))).map((d) => [d.urn, d.status]),
    policies: (await db.select().from(policies).where(eq(policies.tenant, tenant))).map((p) => [p.urn, p.status, p.name]),
    audit: (await db.select().from(auditEntries).where(eq(auditEntries.tenant, tenant))).length,
  };
}

describe("every write verb checks the permission and the airport scope itself", () => {
  for (const verb of VERBS) {
    for (const role of verb.forbidden) {
      it(`${verb.name} refuses ${role} with FORBIDDEN and writes nothing`, async () => {
        const w = await world();
        const before = await snapshot(w.tenant);
        expect(await refusal(verb.call(as(w.tenant, [role]), w))).toBe("FORBIDDEN");
        expect(await snapshot(w.tenant)).toEqual(before);
      });
    }

    it(`${verb.name} refuses a principal of another airport with OUT_OF_SCOPE and writes nothing`, async () => {
      const w = await world();
      const before = await snapshot(w.tenant);
      // ADMIN passes every permission check: only the airport scope can refuse it
      expect(await refusal(verb.call(as(w.tenant, ["ADMIN"], ["LHR"]), w))).toBe(verb.name === "mintServiceToken" ? "VALIDATION_FAILED" : "OUT_OF_SCOPE");
      expect(await snapshot(w.tenant)).toEqual(before);
    });
  }

  it("a verb parses its input itself: a blank reason is REASON_REQUIRED, from the same rule as the API", async () => {
    const w = await world();
    expect(await refusal(closeCase({ ctx: as(w.tenant, ["ADMIN"]), input: { caseUrn: w.caseUrn, reason: "  " } }))).toBe("REASON_REQUIRED");
    expect(await refusal(createDemand({ ctx: as(w.tenant, ["ADMIN"]), input: { caseUrn: w.caseUrn, type: "INITIAL", roomsRequested: 0 } }))).toBe("VALIDATION_FAILED");
  });
});
