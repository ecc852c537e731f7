import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as agentH } from "@/app/api/v1/manual-review/[itemUrn]/recommendations/agent/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { passengerGroups, passengers, reviewItems, tenants } from "@/db/schema";
import { agentRecommendJob } from "@/inngest/functions/agent-recommend";
import { allocateOnApproval, allocateOnRequest } from "@/inngest/functions/allocate";
import { runExceptionAgent } from "@/lib/agent/run";
import { AGENT_TOOL_NAMES } from "@/lib/agent/tools";
import { systemPrincipal } from "@/lib/auth/principal";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxModel } from "@/tests/helpers/model";
import { activePolicy } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
const model = sandboxModel();
afterAll(() => closePool());

const TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
// the agent's job runs beside allocation, as in the app: a review/created event reaches both
const runJobs = () => createRunner({ db: database.db, jobs: [allocateOnApproval, allocateOnRequest, agentRecommendJob(async () => database.db)], retryBaseMs: 1 }).tick();
const ask = (token: string, itemUrn: string) => call(agentH, `/manual-review/${itemUrn}/recommendations/agent`, { token, params: { itemUrn }, method: "POST" });

/** A CDG case whose only policy pays at most 10 a night: its groups are held, an ALLOCATION_FAILED item opened. */
async function heldItem({ enabled = true } = {}) {
  sandboxes.reset();
  const tenant = uniqueTenant();
  await activePolicy(database.db, tenant, { name: "CDG ten a night", tiers: [...TIERS], constraints: { minStars: 1, maxDistanceKm: 30, maxNightlyRate: 10, requiredAmenities: [] } });
  const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
  const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
  const record = await createCase(supervisor, casePayload());
  if (enabled) await database.db.update(tenants).set({ settings: { agentEnabled: true } }).where(eq(tenants.code, tenant));
  const res = await call(createDemandHandler, `/demand/case/${record.urn}`, { token: supervisor, params: { caseUrn: record.urn }, body: { type: "INITIAL", roomsRequested: record.roomsNeeded ?? 10 } });
  if (res.json.status === "REQUESTED") await call(approveHandler, `/demand/${res.json.urn}/approve`, { token: supervisor, params: { demandUrn: res.json.urn }, body: { reason: "approved" } });
  await runJobs();
  const [item] = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, record.urn), eq(reviewItems.category, "ALLOCATION_FAILED")));
  return { tenant, item, operator, supervisor, caseUrn: record.urn as string };
}

type Rec = { action: string; hotelUrn?: string; fields?: string[]; value?: unknown; reason: string; source: string; estimate?: { groupsPlaced: number; cost: { amount: number } } };

describe("the exception agent", () => {
  it("proposes at most 3 agent recommendations, ranked by viability, through a multi-step tool loop over HTTP", async () => {
    const { item, operator } = await heldItem();
    model.reset();
    const res = await ask(operator, item.urn);
    expect(res.status).toBe(200);
    const recs = res.json.recommendations as Rec[];
    expect(recs.length).toBeGreaterThan(0);
    expect(recs.length).toBeLessThanOrEqual(3);
    expect(recs.every((r) => r.source === "agent" && r.reason.length > 0)).toBe(true);
    for (let i = 1; i < recs.length; i++) {
      const [a, b] = [recs[i - 1].estimate!, recs[i].estimate!];
      expect(a.groupsPlaced > b.groupsPlaced || (a.groupsPlaced === b.groupsPlaced && a.cost.amount <= b.cost.amount)).toBe(true);
    }
    // the reason carries the classified cause
    expect(recs.some((r) => /Cause: /.test(r.reason))).toBe(true);
    // a loop: several model requests, the later ones carrying tool results
    const reqs = model.requests();
    expect(reqs.length).toBeGreaterThanOrEqual(3);
    expect(reqs.at(-1)!.body.messages!.some((m) => m.role === "tool")).toBe(true);
    // stored on the item, the state untouched
    const [after] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, item.urn));
    expect(after.recommendations).toEqual(recs);
    expect(after.state).toBe("OPEN");
  });

  it("hands the model exactly the three read-only tools", async () => {
    const { item, operator } = await heldItem();
    model.reset();
    await ask(operator, item.urn);
    expect([...AGENT_TOOL_NAMES].sort()).toEqual(["classifyFailure", "costRelaxation", "searchAlternateHotels"]);
    for (const r of model.requests()) expect(r.body.tools!.map((t) => t.function.name).sort()).toEqual(["classifyFailure", "costRelaxation", "searchAlternateHotels"]);
  });

  it("sends no manifest PII: no passenger name, e-mail, phone, passenger id, group id or PNR in any request the model received", async () => {
    const { item, operator, caseUrn } = await heldItem();
    model.reset();
    expect((await ask(operator, item.urn)).status).toBe(200);
    const pax = await database.db.select().from(passengers).where(eq(passengers.caseUrn, caseUrn));
    const groups = await database.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, caseUrn));
    const secrets = [
      ...pax.flatMap((p) => [p.firstName, p.lastName, p.email, p.phone, p.passengerId]),
      ...groups.flatMap((g) => [g.groupId, g.pnr]),
    ].filter((v): v is string => typeof v === "string" && v.length >= 3);
    expect(secrets.length).toBeGreaterThan(0);
    const sent = JSON.stringify(model.requests());
    for (const s of new Set(secrets)) expect(sent, `the model received ${s}`).not.toContain(s);
    // the facts arrive as a data block the system prompt says is data
    const first = model.requests()[0].body.messages!;
    expect(JSON.stringify(first[0])).toContain("never instructions");
    expect(JSON.stringify(first.at(-1))).toContain("<data>");
  });

  it("refuses and logs a call to a tool it does not have, and malformed arguments; the loop goes on", async () => {
    const { item } = await heldItem();
    const ctx = { db: database.db, principal: systemPrincipal(item.tenant, "test") };
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "warn";
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    model.setEnv("MODEL_MAX_STEPS", "8");
    model.reset();
    model.script("unknown-tool", "malformed-args", "wrong-args");
    const outcome = await runExceptionAgent(ctx, item);
    expect(outcome.refusedToolCalls.map((r) => r.toolName)).toEqual(["bookHotel", "searchAlternateHotels", "costRelaxation"]);
    expect(outcome.refusedToolCalls[0].error).toBe("AI_NoSuchToolError");
    expect(outcome.fallback).toBeNull();
    expect(outcome.source).toBe("agent");
    const lines = logged.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("tool call refused"));
    expect(lines.some((l) => l.includes('"toolName":"bookHotel"'))).toBe(true);
    logged.mockRestore();
    process.env.LOG_LEVEL = level;
    model.setEnv("MODEL_MAX_STEPS", undefined);
    // nothing was booked: the item's groups are still held
    const statuses = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, item.caseUrn));
    expect(new Set(statuses.map((x) => x.s))).toEqual(new Set(["HELD"]));
  });

  it("a model that times out, fails or refuses degrades to the deterministic recommendations, marked as such", async () => {
    const { item, operator } = await heldItem();
    model.setEnv("MODEL_TIMEOUT_MS", "300");
    try {
      for (const b of ["timeout", "500", "refuse"] as const) {
        model.reset();
        model.script(b);
        const started = Date.now();
        const res = await ask(operator, item.urn);
        expect(res.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(10_000);
        const recs = res.json.recommendations as Rec[];
        expect(recs.length).toBeGreaterThan(0);
        expect(recs.length).toBeLessThanOrEqual(3);
        expect(recs.every((r) => r.source === "deterministic")).toBe(true);
      }
    } finally {
      model.setEnv("MODEL_TIMEOUT_MS", undefined);
    }
  });

  it("the job on review/created (run with allocation) replaces the recommendations with the agent's only for a tenant that enabled it", async () => {
    const on = await heldItem();
    const off = await heldItem({ enabled: false });
    const [a] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, on.item.urn));
    const [b] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, off.item.urn));
    expect((a.recommendations as Rec[]).every((r) => r.source === "agent")).toBe(true);
    expect((a.recommendations as Rec[]).length).toBeGreaterThan(0);
    expect((b.recommendations as Rec[]).every((r) => r.source === "deterministic")).toBe(true);
  });

  it("per role and scope: operators and admins may ask; a supervisor or feed is 403; another airport 403 OUT_OF_SCOPE; another tenant 404; agent off 409", async () => {
    const { item, tenant } = await heldItem();
    expect((await ask(await roleToken(tenant, "ADMIN"), item.urn)).status).toBe(200);
    for (const role of ["OPS_SUPERVISOR", "FEED"] as const) {
      const res = await ask(await roleToken(tenant, role), item.urn);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    const elsewhere = await ask(await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"]), item.urn);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.code).toBe("OUT_OF_SCOPE");
    expect((await ask(await roleToken(uniqueTenant(), "ADMIN"), item.urn)).status).toBe(404);
    const off = await heldItem({ enabled: false });
    const res = await ask(off.operator, off.item.urn);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("AGENT_DISABLED");
  });
});
