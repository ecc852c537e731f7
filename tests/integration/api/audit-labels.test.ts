import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/audit/route";
import { POST as create } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { auditLabels } from "@/lib/read-models/audit-labels";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { insertCase } from "../../helpers/case-rows";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { activePolicy } from "../../helpers/policies";

/** Issue 12: the audit names what it lists — flights, demands, policies, the automatic approver. */
const database = apiTestDatabase({ airports: true });

async function autoApprovedDemand() {
  const tenant = uniqueTenant();
  const policy = await activePolicy(database.db, tenant, { name: "CDG night economy", autoApproveDemand: true, maxAutomaticRoomsPerWave: 50 });
  const c = await insertCase(database.db, { tenant });
  const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"] });
  const res = await call(create, `/demand/case/${c.urn}`, { token, body: { type: "INITIAL", roomsRequested: 3 }, params: { caseUrn: c.urn } });
  expect(res.json.status).toBe("APPROVED");
  return { tenant, token, policy, caseUrn: c.urn, demandUrn: res.json.urn as string };
}

describe("the audit's labels", () => {
  it("GET /audit?entityUrn= takes a case and its demands at once, so the case's audit shows the approval and its reason", async () => {
    const { token, policy, caseUrn, demandUrn } = await autoApprovedDemand();
    const res = await call(GET, "/audit", { token, query: { entityUrn: `${caseUrn},${demandUrn}` } });
    expect(res.status).toBe(200);
    const approve = res.json.items.find((e: { action: string; entityUrn: string }) => e.action === "approve" && e.entityUrn === demandUrn);
    expect(approve).toMatchObject({ actor: "system:auto-approval", reason: `auto-approved under policy ${policy.urn} v1` });
    const tooMany = Array.from({ length: 51 }, () => caseUrn).join(",");
    const refused = await call(GET, "/audit", { token, query: { entityUrn: tooMany } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: "entityUrn", message: "must list at most 50 URNs" }]);
  });

  it("labels demands by type, rooms and flight, policies by name, and finds the policy a reason names", async () => {
    const { tenant, token, policy, caseUrn, demandUrn } = await autoApprovedDemand();
    const entries = (await call(GET, "/audit", { token, query: { entityUrn: `${caseUrn},${demandUrn},${policy.urn}` } })).json.items;
    const labels = await auditLabels({ ctx: ctxFor(database.db, principal({ tenant })), input: { entries } });
    expect(labels.entities[demandUrn]).toEqual({ label: expect.stringMatching(/^Initial demand, 3 rooms · [A-Z0-9]{2}\d+ [A-Z]{3}→[A-Z]{3}, \d+ [A-Z][a-z]{2}$/), href: `/cases/${encodeURIComponent(caseUrn)}` });
    expect(labels.entities[policy.urn]).toEqual({ label: "“CDG night economy” v1", href: expect.stringMatching(/^\/policies#policy-/) });
    expect(labels.policies[policy.urn]).toEqual({ name: "CDG night economy", version: 1 });
  });

  it("labels nothing of another tenant", async () => {
    const { token, caseUrn, demandUrn } = await autoApprovedDemand();
    const entries = (await call(GET, "/audit", { token, query: { entityUrn: `${caseUrn},${demandUrn}` } })).json.items;
    const labels = await auditLabels({ ctx: ctxFor(database.db, principal({ tenant: uniqueTenant() })), input: { entries } });
    expect(labels.entities).toEqual({});
  });
});
