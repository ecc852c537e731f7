import { describe, expect, it } from "vitest";
import { hotelRuleIssues } from "@/lib/auth/hotel-rule";
import { TokenClaims } from "@/lib/auth/principal";

const HOTEL = "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d11";

// the one rule a token, a console session (credentials or an identity provider's profile) and a stored user meet
describe("the HOTEL-alone rule", () => {
  it("HOTEL alone with its hotels, or another role without hotels, is well formed", () => {
    expect(hotelRuleIssues({ roles: ["HOTEL"], hotels: [HOTEL] })).toEqual([]);
    expect(hotelRuleIssues({ roles: ["ADMIN", "OPS_SUPERVISOR"], hotels: [] })).toEqual([]);
    expect(hotelRuleIssues({ roles: ["ADMIN"] })).toEqual([]);
  });

  it("HOTEL with another role, HOTEL without hotels, hotels without HOTEL are each refused", () => {
    expect(hotelRuleIssues({ roles: ["HOTEL", "ADMIN"], hotels: [HOTEL] }).map((i) => i.path)).toEqual(["roles"]);
    expect(hotelRuleIssues({ roles: ["FEED", "HOTEL"], hotels: [HOTEL] }).map((i) => i.path)).toEqual(["roles"]);
    expect(hotelRuleIssues({ roles: ["HOTEL"], hotels: [] }).map((i) => i.path)).toEqual(["hotels"]);
    expect(hotelRuleIssues({ roles: ["HOTEL"], hotels: null }).map((i) => i.path)).toEqual(["hotels"]);
    expect(hotelRuleIssues({ roles: ["ADMIN"], hotels: [HOTEL] }).map((i) => i.path)).toEqual(["hotels"]);
  });

  it("a token's claims meet the same rule", () => {
    const base = { sub: "urn:svc:user:x", tenant: "AF", airports: ["*"], exp: 2, iat: 1, jti: "j" };
    expect(TokenClaims.safeParse({ ...base, roles: ["HOTEL"], hotels: [HOTEL] }).success).toBe(true);
    const mixed = TokenClaims.safeParse({ ...base, roles: ["HOTEL", "ADMIN"], hotels: [HOTEL] });
    expect(mixed.success).toBe(false);
    expect(mixed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["roles", "HOTEL is held alone"]]);
    expect(TokenClaims.safeParse({ ...base, roles: ["HOTEL"] }).success).toBe(false);
    expect(TokenClaims.safeParse({ ...base, roles: ["ADMIN"], hotels: [HOTEL] }).success).toBe(false);
  });
});
