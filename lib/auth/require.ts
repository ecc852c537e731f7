import type { Ctx } from "@/lib/context";
import { DomainError, forbidden } from "@/lib/errors";
import { hasPermission, type Permission } from "./roles";
import { airportFilter, assertAirport } from "./scope";

/**
 * The first line of every verb: the permission from the one table in ./roles, checked against the
 * context alone, so a route handler, a server action, a job (system principal) and the exception
 * agent all meet the same refusal. The API wrapper checks the route's permission earlier too,
 * only to keep the contract's order of checks (403 before 415/422).
 */
export function requirePermission(ctx: Ctx, permission: Permission, what?: string): void {
  if (!mayDo(ctx, permission)) {
    throw forbidden(`Your roles (${ctx.principal.roles.join(", ") || "none"}) may not ${what ?? permission}.`);
  }
}

/** Whether the context holds a permission, by its roles or a grant: for a verb two roles reach by different rights. */
export function mayDo(ctx: Ctx, permission: Permission): boolean {
  return hasPermission(ctx.principal.roles, permission) || Boolean(ctx.principal.grants?.includes(permission));
}

/** Airport scope (contract part 2): 403 OUT_OF_SCOPE for an airport outside the principal's claims. */
export function requireAirport(ctx: Ctx, airport: string): void {
  assertAirport(ctx.principal, airport);
}

/**
 * A tenant-wide change (settings, the tenant's weekly report) touches every airport's operations,
 * so it needs a principal of every airport (airports ["*"]): one limited to LHR must not move
 * CDG's SLA, currency or alerting channel. 403 OUT_OF_SCOPE otherwise.
 */
export function requireEveryAirport(ctx: Ctx, what: string): void {
  if (airportFilter(ctx.principal) !== null) {
    throw new DomainError(403, "OUT_OF_SCOPE", `Only a principal of every airport (airports ["*"]) may ${what}; your claims name ${ctx.principal.airports.join(", ")}.`);
  }
}
