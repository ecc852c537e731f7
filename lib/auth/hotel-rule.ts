/** One way a set of claims breaks the HOTEL-alone rule, with the claim it concerns. */
export type HotelRuleIssue = { path: "roles" | "hotels"; message: string };

/**
 * The HOTEL-alone rule, the same for every principal however it is issued — an API token
 * (lib/auth/principal.ts TokenClaims), a console session from the credentials or an identity
 * provider (lib/auth/next-auth.ts), a stored user (lib/users/rules.ts): a hotel's user acts for its
 * hotels only, so HOTEL is never held with another role and always lists at least one hotel, and
 * no other role lists hotels. Answers the issues, none when the claims are well formed.
 */
export function hotelRuleIssues(claims: { roles: readonly string[]; hotels?: readonly string[] | null }): HotelRuleIssue[] {
  const hotel = claims.roles.includes("HOTEL");
  const hotels = claims.hotels?.length ?? 0;
  const issues: HotelRuleIssue[] = [];
  if (hotel && claims.roles.length > 1) issues.push({ path: "roles", message: "HOTEL is held alone" });
  if (hotel && hotels === 0) issues.push({ path: "hotels", message: "a HOTEL principal lists its hotels" });
  if (!hotel && hotels > 0) issues.push({ path: "hotels", message: "only a HOTEL principal lists hotels" });
  return issues;
}

/** The airports a principal built from claims holds: none for a HOTEL principal until withHotelAirports (lib/auth/hotel-airports.ts) names its hotels'. */
export function claimedAirports(claims: { roles: readonly string[]; airports: string[] }): string[] {
  return claims.roles.includes("HOTEL") ? [] : claims.airports;
}
