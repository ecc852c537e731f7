import { beforeAll, describe, expect, it, vi } from "vitest";
import { careAssessments } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import type { PassengerCare } from "@/lib/care/types";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase } from "@/tests/helpers/api";
import { insertCase } from "@/tests/helpers/case-rows";
import { principal, uniqueTenant } from "@/tests/helpers/factories";

// the console route reads the signed-in user through sessionCtx(): here, whoever the test says
let reader: Principal;
vi.mock("@/lib/console/session-ctx", () => ({ sessionCtx: async () => ({ db: database.db, principal: reader }) }));
const { GET } = await import("@/app/(console)/reports/care-compliance.csv/route");

const database = apiTestDatabase();
const owedMeal = (pid: string, groupId: string): PassengerCare => ({
  passengerId: pid, groupId, priority: false,
  entitlements: [{ kind: "MEAL", owed: true, fromMinutes: 0, basis: [{ regime: "EU261", article: "Art. 5(1)(b), 9(1)(a)", rule: "cancellation", owed: true, fromMinutes: 0, inputs: {} }] }],
});

/** The console's download of the compliance CSV: the same report, scoped to the signed-in reader. */
describe("the console's care compliance CSV", () => {
  const tenant = uniqueTenant();
  const query = () => `from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`;
  const get = (qs: string) => GET(new Request(`http://localhost/reports/care-compliance.csv?${qs}`));
  beforeAll(async () => {
    for (const airport of ["CDG", "LHR"]) {
      const c = await insertCase(database.db, { tenant, airport, groups: [{ groupId: "G", tier: "ECONOMY", passengers: 2 }] });
      await database.db.insert(careAssessments).values({ urn: newUrn("care"), tenant, caseUrn: c.urn, version: 1, trigger: "CASE_CREATED", facts: {} as never, passengers: [owedMeal("G-P1", "G"), owedMeal("G-P2", "G")], createdBy: "test" });
    }
  });

  it("an operator of LHR downloads LHR's lines only; another airport is 403; a bad period 422", async () => {
    reader = principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] });
    const res = await get(query());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text()).split("\r\n");
    expect(lines.filter((l) => l.startsWith("EU261,"))).toEqual(["EU261,LHR,MEAL,2,0,0,,,0,2,NO_MEAL_VOUCHER=2,"]);
    expect((await get(`${query()}&airport=CDG`)).status).toBe(403);
    expect((await get("from=2026-03-01&to=2026-02-01")).status).toBe(422);
  });
});
