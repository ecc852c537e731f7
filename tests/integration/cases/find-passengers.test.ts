import { describe, expect, it } from "vitest";
import { closeCase } from "@/lib/cases/close";
import { findPassengers } from "@/lib/cases/find-passengers";
import { erasePassenger } from "@/lib/privacy/erase-passenger";
import { apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });

const ORY_FLIGHT = { number: "AF7001", origin: "ORY", destination: "NCE", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" };

describe("findPassengers (the command palette's passenger lookup)", () => {
  it("finds a passenger by folded name, PNR, id, email or phone digits, with group, flight and contacts", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const kase = await createCase(
      token,
      casePayload({
        passengerGroups: [
          { pnr: "MUL7QZ", passengers: [pax("M-1", "ECONOMY", { firstName: "Jürgen", lastName: "Müller", email: "J.Mueller@Example.com", phone: "+33 6 12 34 56 78" })] },
          { pnr: "OTH8QZ", passengers: [pax("O-1", "ECONOMY", { firstName: "Amélie", lastName: "Martin", phone: "06 99 88 77 66" })] },
        ],
      }),
    );
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    const find = async (q: string) => (await findPassengers({ ctx: admin, input: { q } })).map((p) => `${p.passengerId}:${p.matched}`);

    const [hit] = await findPassengers({ ctx: admin, input: { q: "muller" } });
    expect(hit).toMatchObject({
      caseUrn: kase.urn,
      flightNumber: "AF1234",
      airport: "CDG",
      groupId: "MUL7QZ",
      pnr: "MUL7QZ",
      passengerId: "M-1",
      firstName: "Jürgen",
      lastName: "Müller",
      email: "J.Mueller@Example.com",
      phone: "+33 6 12 34 56 78",
      erased: false,
      matched: "name",
    });
    expect(await find("MÜLLER jurgen")).toEqual(["M-1:name"]);
    expect(await find("amelie MARTIN")).toEqual(["O-1:name"]);
    expect(await find("mul7qz")).toEqual(["M-1:pnr"]);
    expect(await find("o-1")).toEqual(["O-1:id"]);
    expect(await find("j.mueller@example")).toEqual(["M-1:email"]);
    // digits only, whatever the spacing, with or without the country code or trunk zero
    expect(await find("06 12 34 56 78")).toEqual(["M-1:phone"]);
    expect(await find("+33699887766")).toEqual(["O-1:phone"]);
    expect(await find("0033 6 99 88 77 66")).toEqual(["O-1:phone"]);
    // LIKE's wildcards are literals; nothing matches an unrelated text
    expect(await find("m%r")).toEqual([]);
    expect(await find("nobody here")).toEqual([]);
  });

  it("stays in the caller's tenant and airports, leaves closed cases out and never matches erased data", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const surname = `Scope${Date.now().toString(36)}`;
    const group = (pnr: string, id: string) => ({ pnr, passengers: [pax(id, "ECONOMY", { lastName: surname, email: `${id.toLowerCase()}@scope.test`, phone: "+44 7700 900123" })] });
    const cdg = await createCase(token, casePayload({ passengerGroups: [group("SCP1AA", "S-1"), group("SCP1AB", "S-2")] }));
    const ory = await createCase(token, casePayload({ flight: ORY_FLIGHT, passengerGroups: [group("SCP2AA", "S-3")] }));
    const closed = await createCase(token, casePayload({ passengerGroups: [group("SCP3AA", "S-4")] }));
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    await closeCase({ ctx: admin, input: { caseUrn: closed.urn, reason: "all flown home" } });
    const ids = async (ctx: typeof admin, q: string) => (await findPassengers({ ctx, input: { q } })).map((p) => p.passengerId).sort();

    expect(await ids(admin, surname)).toEqual(["S-1", "S-2", "S-3"]);
    const cdgOperator = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    expect(await ids(cdgOperator, surname)).toEqual(["S-1", "S-2"]);
    expect(await ids(cdgOperator, "SCP2AA")).toEqual([]);
    const otherTenant = ctxFor(database.db, principal({ tenant: uniqueTenant(), roles: ["ADMIN"], airports: ["*"] }));
    expect(await ids(otherTenant, surname)).toEqual([]);
    expect(await ids(admin, "SCP3AA")).toEqual([]);

    await erasePassenger({ ctx: admin, input: { caseUrn: cdg.urn, passengerId: "S-1", reason: "passenger's request #1" } });
    expect(await ids(admin, surname)).toEqual(["S-2", "S-3"]);
    expect(await ids(admin, "s-1@scope.test")).toEqual([]);
    // still found by what is kept (the PNR), shown as erased, with no contact
    const [erased] = await findPassengers({ ctx: admin, input: { q: "SCP1AA" } });
    expect(erased).toMatchObject({ passengerId: "S-1", erased: true, firstName: null, lastName: null, email: null, phone: null });
    expect(ory.urn).toBeTruthy();
  });

  it("answers within a bounded number of rows on a 3,000-passenger case", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const passengerGroups = Array.from({ length: 1000 }, (_, g) => ({
      pnr: `BIG${g}`,
      passengers: [0, 1, 2].map((k) => pax(`B${g}-${k}`, "ECONOMY", { firstName: "Pat", lastName: `Large${g}`, phone: `+33 6 00 ${String(g).padStart(3, "0")} ${k}` })),
    }));
    await createCase(token, casePayload({ passengerGroups }));
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    expect(await findPassengers({ ctx: admin, input: { q: "pat large" } })).toHaveLength(12);
    expect(await findPassengers({ ctx: admin, input: { q: "pat", limit: 20 } })).toHaveLength(20);

    // the worst case: nothing matches, so every passenger of the case is examined; still bounded and
    // exact (its speed is measured in docs/console.md, never asserted here)
    expect(await findPassengers({ ctx: admin, input: { q: "nobody-by-this-name" } })).toEqual([]);
    const [last] = await findPassengers({ ctx: admin, input: { q: "+33 6 00 999 2" } });
    expect(last.passengerId).toBe("B999-2");
  }, 60_000);

  it("refuses a one-character query and a role that may not read", async () => {
    const tenant = uniqueTenant();
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    await expect(findPassengers({ ctx: admin, input: { q: "A" } })).rejects.toMatchObject({ status: 422 });
    const feed = ctxFor(database.db, principal({ tenant, roles: ["FEED"], airports: ["*"] }));
    await expect(findPassengers({ ctx: feed, input: { q: "Martin" } })).rejects.toMatchObject({ status: 403 });
  });
});
