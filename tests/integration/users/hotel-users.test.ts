import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as updateHandler } from "@/app/api/v1/users/[userUrn]/route";
import { GET as listHandler, POST as createHandler } from "@/app/api/v1/users/route";
import { auditEntries, consoleSessions, directContracts, hotels, users } from "@/db/schema";
import { startConsoleSession } from "@/lib/auth/console-sessions";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

/**
 * Users managed by an ADMIN (issue 22): a HOTEL user for the airline's contracted hotels, the
 * claims' rules (HOTEL alone, with hotels; no hotels for other roles), a unique e-mail, and a change
 * of access that ends the user's console sessions.
 */
const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
const otherTenant = uniqueTenant();
let admin: string;
let ibis: string, novotel: string, othersHotel: string, lhrHotel: string;

const hotel = async (name: string, airport: string, contractOf: string) => {
  const urn = newUrn("hotel");
  await database.db.insert(hotels).values({ urn, name, address: "street", airport, latitude: 49, longitude: 2.5, stars: 3 });
  await database.db.insert(directContracts).values({ tenant: contractOf, hotelUrn: urn, nightlyRate: 90, currency: "EUR", roomsTotal: 5, roomsAvailable: 5 });
  return urn;
};
const create = (token: string, body: Record<string, unknown>) => call(createHandler, "/users", { token, body });
const update = (token: string, userUrn: string, body: Record<string, unknown>) => call(updateHandler, `/users/${userUrn}`, { token, method: "PATCH", params: { userUrn }, body });
let n = 0;
const hotelUser = (over: Record<string, unknown> = {}) => ({ email: `desk-${++n}@hotel.example.test`, name: `Front desk ${n}`, roles: ["HOTEL"], hotels: [ibis], password: "a long password", ...over });
const liveSessions = async (sub: string) => (await database.db.select().from(consoleSessions).where(and(eq(consoleSessions.sub, sub), isNull(consoleSessions.revokedAt)))).length;

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
  ibis = await hotel("Ibis CDG", "CDG", tenant);
  novotel = await hotel("Novotel CDG", "CDG", tenant);
  lhrHotel = await hotel("Premier Inn LHR", "LHR", tenant);
  othersHotel = await hotel("Hilton CDG", "CDG", otherTenant);
});

describe("an ADMIN manages hotel users", () => {
  it("adds a HOTEL user for contracted hotels, who signs in with a hashed password and is listed by hotel name", async () => {
    const res = await create(admin, hotelUser({ email: "Front.Desk@Ibis.example.test", hotels: [ibis, novotel] }));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ email: "front.desk@ibis.example.test", roles: ["HOTEL"], airports: ["*"] });
    expect(res.json.hotels.map((h: { hotelName: string }) => h.hotelName)).toEqual(["Ibis CDG", "Novotel CDG"]);
    expect(res.text).not.toContain("password");
    const [row] = await database.db.select().from(users).where(eq(users.urn, res.json.urn));
    expect(row.hotels).toEqual([ibis, novotel]);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    // console sign-in as today, with the hotels claim
    expect(await authorizeCredentials({ email: "front.desk@ibis.example.test", password: "a long password" })).toMatchObject({ id: row.urn, tenant, roles: ["HOTEL"], hotels: [ibis, novotel] });
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, row.urn), eq(auditEntries.action, "create")))).toHaveLength(1);

    const list = await call(listHandler, "/users", { token: admin, query: { role: "HOTEL" } });
    expect(list.status).toBe(200);
    expect(list.json.items.map((u: { urn: string }) => u.urn)).toEqual([row.urn]);
    expect(list.text).not.toMatch(/password|scrypt/i);
  });

  it("refuses what a token's claims refuse, another airline's hotels and a taken e-mail, writing nothing", async () => {
    const before = (await database.db.select().from(users)).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [hotelUser({ hotels: [] }), 422, "hotels"],
      [hotelUser({ hotels: undefined }), 422, "hotels"],
      [hotelUser({ hotels: [othersHotel] }), 422, "hotels"],
      [hotelUser({ hotels: [newUrn("hotel")] }), 422, "hotels"],
      [hotelUser({ roles: ["HOTEL", "AIRPORT_OPERATOR"] }), 422, "roles"],
      [hotelUser({ roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }), 422, "hotels"],
      [hotelUser({ roles: ["AIRPORT_OPERATOR"], hotels: undefined }), 422, "airports"],
      [hotelUser({ password: "short" }), 422, "password"],
      [hotelUser({ email: "front.desk@ibis.example.test" }), 409, ""],
    ];
    for (const [body, status, path] of cases) {
      const res = await create(admin, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(status);
      if (path) expect(res.json.errors.map((e: { path: string }) => e.path), res.text).toContain(path);
    }
    // only an ADMIN; a CDG ADMIN adds no hotel user of an LHR hotel
    expect((await create(await roleToken(tenant, "OPS_SUPERVISOR"), hotelUser())).status).toBe(403);
    const cdgAdmin = await roleToken(tenant, "ADMIN", ["CDG"]);
    expect((await create(cdgAdmin, hotelUser({ hotels: [lhrHotel] }))).json.code).toBe("OUT_OF_SCOPE");
    expect((await create(cdgAdmin, hotelUser({ roles: ["OPS_SUPERVISOR"], hotels: undefined, airports: ["*"] }))).json.code).toBe("OUT_OF_SCOPE");
    expect((await database.db.select().from(users)).length).toBe(before);
  });

  it("edits a hotel user's hotels, which ends its console sessions; a new name does not", async () => {
    const created = await create(admin, hotelUser());
    const userUrn = created.json.urn;
    await startConsoleSession(database.db, { tenant, sub: userUrn });
    await startConsoleSession(database.db, { tenant, sub: userUrn });

    const renamed = await update(admin, userUrn, { name: "Night desk" });
    expect([renamed.status, renamed.json.name, renamed.json.sessionsEnded]).toEqual([200, "Night desk", 0]);
    expect(await liveSessions(userUrn)).toBe(2);

    const moved = await update(admin, userUrn, { hotels: [novotel] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.hotels).toEqual([{ hotelUrn: novotel, hotelName: "Novotel CDG", airport: "CDG" }]);
    expect(moved.json.sessionsEnded).toBe(2);
    expect(await liveSessions(userUrn)).toBe(0);
    const [row] = await database.db.select().from(users).where(eq(users.urn, userUrn));
    expect(row.hotels).toEqual([novotel]);

    // the same rules as a new user; nothing changes on a refusal
    expect((await update(admin, userUrn, { hotels: [] })).status).toBe(422);
    expect((await update(admin, userUrn, { hotels: [othersHotel] })).status).toBe(422);
    expect((await update(admin, userUrn, { roles: ["HOTEL", "ADMIN"] })).status).toBe(422);
    // leaving HOTEL drops the hotels and needs airports
    expect((await update(admin, userUrn, { roles: ["AIRPORT_OPERATOR"] })).status).toBe(422);
    const [still] = await database.db.select().from(users).where(eq(users.urn, userUrn));
    expect(still.hotels).toEqual([novotel]);
    const operator = await update(admin, userUrn, { roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] });
    expect([operator.status, operator.json.hotels, operator.json.airports]).toEqual([200, [], ["CDG"]]);

    // another airline's ADMIN does not find the user
    expect((await update(await roleToken(otherTenant, "ADMIN"), userUrn, { name: "x" })).status).toBe(404);
  });
});
