import { z } from "zod";

/** HOTEL: a contracted hotel's user (the extranet), scoped to the hotels its `hotels` claim lists. */
export const ROLES = ["ADMIN", "OPS_SUPERVISOR", "AIRPORT_OPERATOR", "FEED", "HOTEL"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

const { ADMIN, OPS_SUPERVISOR: OPS, AIRPORT_OPERATOR: OPERATOR, FEED, HOTEL } = Role.enum;

/**
 * Who may do what: contract part 2's table. ADMIN may do everything any other role may.
 * Route specs and services name a permission, never a list of roles.
 */
export const PERMISSIONS = {
  "case:create": [FEED, OPS, ADMIN],
  "case:drill": [ADMIN],
  "case:passengers": [FEED, OPS, ADMIN],
  "case:reaccommodate": [FEED, OPS, ADMIN],
  "case:groups": [OPERATOR, OPS, ADMIN],
  "case:close": [OPERATOR, OPS, ADMIN],
  "case:reopen": [ADMIN],
  "passenger:erase": [ADMIN],
  "demand:create": [FEED, OPS, ADMIN, OPERATOR],
  "demand:decide": [OPS, ADMIN],
  "care:override": [OPS, ADMIN],
  "policy:write": [OPS, ADMIN],
  "wave:write": [OPS, ADMIN],
  "booking:manual": [OPS, ADMIN],
  "hotels:cache": [OPS, ADMIN],
  "reservation:cancel": [OPERATOR, OPS, ADMIN],
  "message:resend": [OPERATOR, OPS, ADMIN],
  "transport:write": [OPERATOR, OPS, ADMIN],
  "review:act": [OPERATOR, ADMIN],
  // a supervisor who may not act on a review item hands it to the airport's operators (issue 31)
  "review:ask": [OPS, ADMIN],
  "settings:write": [ADMIN],
  "webhooks:write": [ADMIN],
  "reports:write": [OPS, ADMIN],
  // the extranet (issue 22): a HOTEL user only for the hotels its claim lists (lib/hotels/scope.ts)
  "hotel:extranet": [HOTEL, OPS, ADMIN],
  "hotel:quality": [HOTEL, OPERATOR, OPS, ADMIN],
  "hotel:problem": [OPERATOR, OPS, ADMIN],
  "capacity:call": [OPS, ADMIN],
  // a capacity call is read on the board and, by the hotels it went to, in the extranet
  "capacity:read": [HOTEL, OPERATOR, OPS, ADMIN],
  // FEED reads only the cases it created; services enforce that part
  "case:read": [OPS, ADMIN, OPERATOR, FEED],
  read: [OPS, ADMIN, OPERATOR],
  admin: [ADMIN],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function rolesFor(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  const allowed = PERMISSIONS[permission] as readonly string[];
  return roles.some((r) => allowed.includes(r));
}
