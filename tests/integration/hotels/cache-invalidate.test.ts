import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/hotels/cache/invalidate/route";
import { auditEntries, offerCache } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { searchHotelOffers } from "@/lib/providers/search";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { sandboxProviders } from "../../helpers/providers";

const database = apiTestDatabase({ airports: true });
sandboxProviders();
const cached = async () => (await database.db.select({ n: count() }).from(offerCache).where(eq(offerCache.airport, "CDG")))[0].n;
const invalidate = (token: string | undefined, airport = "CDG") => call(POST, "/hotels/cache/invalidate", { token, method: "POST", query: { airport } });

beforeEach(async () => {
  await searchHotelOffers({ ctx: { db: database.db, principal: systemPrincipal("AF") }, input: { airport: "CDG", checkIn: "2026-11-21", checkOut: "2026-11-22" } });
});

describe("POST /hotels/cache/invalidate", () => {
  it.each(["OPS_SUPERVISOR", "ADMIN"] as const)("%s drops the tenant's cached offers of the airport, audited; the next search asks again", async (role) => {
    expect(await cached()).toBe(2);
    const res = await invalidate(await tokenFor({ tenant: "AF", roles: [role], airports: ["CDG"] }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ airport: "CDG", invalidated: 2 });
    expect(await cached()).toBe(0);
    const [audit] = await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, "hotel-cache:CDG"));
    expect(audit).toMatchObject({ action: "invalidate", airport: "CDG", tenant: "AF" });
    const again = await searchHotelOffers({ ctx: { db: database.db, principal: systemPrincipal("AF") }, input: { airport: "CDG", checkIn: "2026-11-21", checkOut: "2026-11-22" } });
    expect(again.sources.filter((s) => s.provider !== "DIRECT").every((s) => !s.cached)).toBe(true);
  });

  it("leaves another tenant's cache alone", async () => {
    const res = await invalidate(await tokenFor({ tenant: "BA", roles: ["ADMIN"], airports: ["*"] }));
    expect(res.json).toEqual({ airport: "CDG", invalidated: 0 });
    expect(await cached()).toBe(2);
  });

  it("refuses an airport operator (403 FORBIDDEN), an airport outside the claims (403 OUT_OF_SCOPE), no token (401), a bad or unknown code (422)", async () => {
    const operator = await invalidate(await tokenFor({ tenant: "AF", roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    expect([operator.status, operator.json.code]).toEqual([403, "FORBIDDEN"]);
    const scoped = await invalidate(await tokenFor({ tenant: "AF", roles: ["OPS_SUPERVISOR"], airports: ["LHR"] }));
    expect([scoped.status, scoped.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
    expect((await invalidate(undefined)).status).toBe(401);
    const admin = await tokenFor({ tenant: "AF", roles: ["ADMIN"], airports: ["*"] });
    for (const bad of ["cdg", "CDGX", "ZZZ"]) {
      const res = await invalidate(admin, bad);
      expect([res.status, res.json.code]).toEqual([422, "VALIDATION_FAILED"]);
    }
    const missing = await call(POST, "/hotels/cache/invalidate", { token: admin, method: "POST" });
    expect(missing.status).toBe(422);
    expect(await cached()).toBe(2);
  });
});
