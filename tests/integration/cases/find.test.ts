import { describe, expect, it } from "vitest";
import { findCases } from "@/lib/cases/find-cases";
import { apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });

const ORY_FLIGHT = { number: "AF7001", origin: "ORY", destination: "NCE", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" };

describe("findCases (the console's jump-to-case)", () => {
  it("finds a case by flight prefix or by exact PNR, within the caller's airports only", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const cdg = await createCase(token, casePayload({ passengerGroups: [{ pnr: "QZX9K1", passengers: [pax("F-1")] }] }));
    const ory = await createCase(token, casePayload({ flight: ORY_FLIGHT }));
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));

    expect((await findCases({ ctx: admin, input: { q: "af 12" } })).map((c) => c.urn)).toEqual([cdg.urn]);
    expect((await findCases({ ctx: admin, input: { q: "AF" } })).map((c) => c.urn)).toEqual([ory.urn, cdg.urn]);
    const byPnr = await findCases({ ctx: admin, input: { q: "qzx9k1" } });
    expect(byPnr).toMatchObject([{ urn: cdg.urn, pnr: "QZX9K1", flightNumber: "AF1234", airport: "CDG" }]);
    // a PNR is matched whole, not as a prefix; a LIKE wildcard is a literal
    expect(await findCases({ ctx: admin, input: { q: "QZX9" } })).toEqual([]);
    expect(await findCases({ ctx: admin, input: { q: "A%" } })).toEqual([]);

    const oryOperator = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["ORY"] }));
    expect((await findCases({ ctx: oryOperator, input: { q: "AF" } })).map((c) => c.urn)).toEqual([ory.urn]);
    const otherTenant = ctxFor(database.db, principal({ tenant: uniqueTenant(), roles: ["ADMIN"], airports: ["*"] }));
    expect(await findCases({ ctx: otherTenant, input: { q: "AF" } })).toEqual([]);
  });

  it("refuses a one-character query and a role that may not read", async () => {
    const tenant = uniqueTenant();
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    await expect(findCases({ ctx: admin, input: { q: "A" } })).rejects.toMatchObject({ status: 422 });
    const feed = ctxFor(database.db, principal({ tenant, roles: ["FEED"], airports: ["*"] }));
    await expect(findCases({ ctx: feed, input: { q: "AF" } })).rejects.toMatchObject({ status: 403 });
  });
});
