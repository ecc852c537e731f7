import { describe, expect, it } from "vitest";
import { allocationWaves } from "@/db/schema";
import { listCaseWaves } from "@/lib/allocation";
import type { Role } from "@/lib/auth/roles";
import { createCase } from "@/lib/cases/create";
import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { ensureTenant } from "@/lib/tenants/ensure";
import { apiTestDatabase } from "../../helpers/api";
import { casePayload } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });
const as = (tenant: string, roles: Role[], airports = ["*"]): Ctx => ctxFor(database.db, principal({ tenant, roles, airports }));

/** A CDG case with two waves an hour apart: the first SUPERSEDED by the rerun. */
async function caseWithWaves() {
  const tenant = uniqueTenant();
  await ensureTenant(database.db, tenant);
  const { record } = await createCase({ ctx: as(tenant, ["ADMIN"]), input: casePayload() });
  const first = newUrn("wave");
  const second = newUrn("wave");
  const money = { amount: 240, currency: "EUR" };
  await database.db.insert(allocationWaves).values([
    {
      urn: first,
      tenant,
      caseUrn: record.urn,
      status: "SUPERSEDED",
      trigger: "DEMAND",
      airport: "CDG",
      allocations: [{ groupId: "A" }],
      held: [{ groupId: "B" }, { groupId: "C" }],
      rankingInputs: [{ hotelUrn: "h" }],
      totalCost: money,
      createdAt: new Date("2026-11-21T19:00:00Z"),
    },
    {
      urn: second,
      tenant,
      caseUrn: record.urn,
      status: "COMPLETE",
      trigger: "RERUN",
      reason: "relaxed the stars",
      airport: "CDG",
      degraded: true,
      allocations: [{ groupId: "B" }, { groupId: "C" }],
      totalCost: money,
      createdAt: new Date("2026-11-21T20:00:00Z"),
    },
  ]);
  return { tenant, caseUrn: record.urn, first, second };
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("listCaseWaves", () => {
  it("lists a case's waves newest first as summaries", async () => {
    const w = await caseWithWaves();
    const waves = await listCaseWaves({ ctx: as(w.tenant, ["AIRPORT_OPERATOR"], ["CDG"]), input: { caseUrn: w.caseUrn } });
    expect(waves.map((x) => x.urn)).toEqual([w.second, w.first]);
    expect(waves[0]).toMatchObject({ trigger: "RERUN", status: "COMPLETE", placed: 2, held: 0, degraded: true, totalCost: { amount: 240, currency: "EUR" } });
    expect(waves[1]).toMatchObject({ trigger: "DEMAND", status: "SUPERSEDED", placed: 1, held: 2, createdAt: "2026-11-21T19:00:00.000Z" });
  });

  it("answers an empty list for a case without waves", async () => {
    const tenant = uniqueTenant();
    await ensureTenant(database.db, tenant);
    const { record } = await createCase({ ctx: as(tenant, ["ADMIN"]), input: casePayload() });
    expect(await listCaseWaves({ ctx: as(tenant, ["OPS_SUPERVISOR"]), input: { caseUrn: record.urn } })).toEqual([]);
  });

  it("follows the case's visibility: another tenant 404, another airport OUT_OF_SCOPE, a bad URN 422", async () => {
    const w = await caseWithWaves();
    expect((await refusal(listCaseWaves({ ctx: as(uniqueTenant(), ["ADMIN"]), input: { caseUrn: w.caseUrn } }))).status).toBe(404);
    expect((await refusal(listCaseWaves({ ctx: as(w.tenant, ["AIRPORT_OPERATOR"], ["LHR"]), input: { caseUrn: w.caseUrn } }))).code).toBe("OUT_OF_SCOPE");
    expect((await refusal(listCaseWaves({ ctx: as(w.tenant, ["ADMIN"]), input: { caseUrn: "urn:svc:wave:nope" } }))).status).toBe(422);
  });
});
