import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { generateReport } from "@/lib/reports";
import { apiTestDatabase } from "@/tests/helpers/api";
import { insertCase } from "@/tests/helpers/case-rows";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";

// the console route reads the signed-in user through sessionCtx(): here, whoever the test says
let reader: Principal;
vi.mock("@/lib/console/session-ctx", () => ({ sessionCtx: async () => ({ db: database.db, principal: reader }) }));
const { GET } = await import("@/app/(console)/reports/[reportUrn]/csv/route");

const database = apiTestDatabase();

/** Issue 18, finding 4: the console's CSV download shows a reader limited to some airports only their rows. */
describe("the console's report CSV", () => {
  const tenant = uniqueTenant();
  let urn: string;
  beforeAll(async () => {
    await insertCase(database.db, { tenant, airport: "CDG", groups: [{ tier: "ECONOMY", passengers: 3 }] });
    await insertCase(database.db, { tenant, airport: "LHR", groups: [{ tier: "ECONOMY", passengers: 2 }] });
    const report = await generateReport({ ctx: ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"] })), input: { weekOf: new Date().toISOString().slice(0, 10) } });
    urn = report.urn;
  });
  const csv = async () => (await GET(new Request(`http://localhost/reports/${urn}/csv`), { params: Promise.resolve({ reportUrn: urn }) })).text();

  it("an operator of LHR downloads LHR's rows and a total of LHR only", async () => {
    reader = principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] });
    const lines = (await csv()).split("\r\n");
    expect(lines.filter((l) => /^[A-Z]{3},/.test(l)).map((l) => l.split(",")[0])).toEqual(["ALL", "LHR"]);
    expect(lines.join("\n")).not.toContain("CDG");
    expect(lines[1].split(",").slice(7, 11)).toEqual(["1", "", "", "2"]); // cases, …, passengers: LHR's alone
  });

  it("a reader of every airport downloads every row", async () => {
    reader = principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["*"] });
    const rows = (await csv()).split("\r\n").filter((l) => /^[A-Z]{3},/.test(l)).map((l) => l.split(",")[0]);
    expect(rows).toEqual(["ALL", "CDG", "LHR"]);
  });
});
