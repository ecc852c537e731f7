import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as overrideHandler } from "@/app/api/v1/cases/[caseUrn]/care/overrides/route";
import { careAssessments, careOverrides } from "@/db/schema";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });

/** A CDG case cancelled for weather, rebooked the same evening: EU261 owes meals but no hotel. */
async function sameDayCase(tenant: string) {
  const ops = await roleToken(tenant, "OPS_SUPERVISOR");
  const c = await createCase(
    ops,
    casePayload({
      disruption: { kind: "CANCELLATION", cause: "UNCONTROLLABLE" },
      nextFlight: { number: "AF1260", scheduledDeparture: "2026-11-21T21:30:00Z" },
      passengerGroups: [
        { groupId: "DAY1", pnr: "DAY001", passengers: [pax("D1"), pax("D2")] },
        { groupId: "DAY2", pnr: "DAY002", passengers: [pax("D3")] },
      ],
    }),
  );
  return { ops, caseUrn: c.urn as string };
}

const override = (token: string | undefined, caseUrn: string, body: unknown) => call(overrideHandler, `/cases/${caseUrn}/care/overrides`, { token, params: { caseUrn }, body });
const stored = async (caseUrn: string) => database.db.select().from(careOverrides).where(eq(careOverrides.caseUrn, caseUrn));

describe("POST /cases/{caseUrn}/care/overrides", () => {
  it("201 for a supervisor or an ADMIN; a second override of the group, or of a group already owed a hotel, is 409", async () => {
    const tenant = uniqueTenant();
    const { ops, caseUrn } = await sameDayCase(tenant);
    const res = await override(ops, caseUrn, { groupId: "DAY1", reason: "stranded family with an infant" });
    expect(res.status).toBe(201);
    expect(res.json.passengers).toHaveLength(2);
    expect(res.json.passengers[0].entitlements.find((e: { kind: string }) => e.kind === "HOTEL")).toMatchObject({ owed: true });
    expect(await stored(caseUrn)).toHaveLength(1);

    const again = await override(ops, caseUrn, { groupId: "DAY1", reason: "once more" });
    expect(again.status).toBe(409);
    expect(again.json.detail).toContain("already overridden");

    const admin = await roleToken(tenant, "ADMIN");
    expect((await override(admin, caseUrn, { groupId: "DAY2", reason: "medical advice" })).status).toBe(201);
    expect(await stored(caseUrn)).toHaveLength(2);

    // a crew-shortage cancellation overnight: EU261 owes the hotel already
    const owedCase = await createCase(ops, casePayload({ disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" } }));
    const owed = await override(ops, owedCase.urn, { groupId: owedCase.passengerGroups[0].groupId, reason: "just in case" });
    expect(owed.status).toBe(409);
    expect(owed.json.detail).toContain("already owed a hotel");
    expect(await stored(owedCase.urn)).toEqual([]);
  });

  it("404 for an unknown group, 422 for a missing reason or group, and none of them writes anything", async () => {
    const tenant = uniqueTenant();
    const { ops, caseUrn } = await sameDayCase(tenant);
    const versions = async () => (await database.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, caseUrn))).length;
    const before = await versions();

    const unknown = await override(ops, caseUrn, { groupId: "NOPE", reason: "r" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
    for (const body of [{ groupId: "DAY1" }, { groupId: "DAY1", reason: "" }, { reason: "r" }, { groupId: "", reason: "r" }, { groupId: 7, reason: "r" }]) {
      const res = await override(ops, caseUrn, body);
      expect(res.status).toBe(422);
    }
    expect(await stored(caseUrn)).toEqual([]);
    expect(await versions()).toBe(before);
  });

  it("403 for an AIRPORT_OPERATOR and a FEED client, 403 OUT_OF_SCOPE outside the airport claims, 401 without a token", async () => {
    const tenant = uniqueTenant();
    const { caseUrn } = await sameDayCase(tenant);
    const body = { groupId: "DAY1", reason: "r" };
    for (const role of ["AIRPORT_OPERATOR", "FEED"] as const) {
      const res = await override(await roleToken(tenant, role), caseUrn, body);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    const away = await override(await roleToken(tenant, "OPS_SUPERVISOR", ["LHR"]), caseUrn, body);
    expect(away.status).toBe(403);
    expect(away.json.code).toBe("OUT_OF_SCOPE");
    expect((await override(undefined, caseUrn, body)).status).toBe(401);
    expect(await stored(caseUrn)).toEqual([]);
  });
});
