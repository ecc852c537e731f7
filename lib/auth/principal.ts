import { z } from "zod";
import { claimedAirports, hotelRuleIssues } from "./hotel-rule";
import { type Permission, Role } from "./roles";

/** Who is acting: a console user, a machine client holding a token, or the system in a job. */
export type Principal = {
  sub: string;
  tenant: string;
  roles: Role[];
  /** IATA codes, or ["*"]; a HOTEL principal's are its hotels' airports, never ["*"] (lib/auth/hotel-airports.ts) */
  airports: string[];
  kind: "user" | "service" | "system";
  jti?: string;
  name?: string;
  /** HOTEL users: the hotel URNs they act for (the token's `hotels` claim); absent for every other role */
  hotels?: string[];
  /** permissions held without a role (a passenger link holds only what its verbs need); never from a token's claims */
  grants?: readonly Permission[];
};

export const TokenClaims = z.object({
  sub: z.string().min(1),
  tenant: z.string().regex(/^[A-Z0-9]{2}$/, "a two-character airline designator"),
  roles: z.array(Role).min(1),
  airports: z.array(z.string().regex(/^([A-Z]{3}|\*)$/)).min(1),
  exp: z.number(),
  iat: z.number(),
  jti: z.string().min(1),
  name: z.string().optional(),
  /** HOTEL tokens: the hotels the holder acts for */
  hotels: z.array(z.string().regex(/^urn:svc:hotel:/, "a hotel URN")).optional(),
}).superRefine((c, issue) => {
  // a hotel's user acts for its hotels only: never with another role, never without a hotel (the rule every principal meets)
  for (const i of hotelRuleIssues(c)) issue.addIssue({ code: "custom", path: [i.path], message: i.message });
});
export type TokenClaims = z.infer<typeof TokenClaims>;

export function principalFromClaims(claims: TokenClaims): Principal {
  return {
    sub: claims.sub,
    tenant: claims.tenant,
    roles: claims.roles,
    airports: claimedAirports(claims),
    kind: claims.sub.startsWith("urn:svc:user:") ? "user" : "service",
    jti: claims.jti,
    name: claims.name,
    ...(claims.hotels ? { hotels: claims.hotels } : {}),
  };
}

/** The actor of jobs and automatic transitions, acting for one tenant. */
export function systemPrincipal(tenant: string, what = "system"): Principal {
  return { sub: `system:${what}`, tenant, roles: ["ADMIN"], airports: ["*"], kind: "system" };
}
