import type { Ctx } from "@/lib/context";
import { forbidden } from "@/lib/errors";
import { hasPermission, type Permission } from "./roles";
import { assertAirport } from "./scope";

/**
 * The first line of every verb: the permission from the one table in ./roles, checked against the
 * context alone, so a route handler, a server action, a job (system principal) and the exception
 * agent all meet the same refusal. The API wrapper checks the route's permission earlier too,
 * only to keep the contract's order of checks (403 before 415/422).
 */
export function requirePermission(ctx: Ctx, permission: Permission, what?: string): void {
  if (!hasPermission(ctx.principal.roles, permission)) {
    throw forbidden(`Your roles (${ctx.principal.roles.join(", ") || "none"}) may not ${what ?? permission}.`);
  }
}

/** Airport scope (contract part 2): 403 OUT_OF_SCOPE for an airport outside the principal's claims. */
export function requireAirport(ctx: Ctx, airport: string): void {
  assertAirport(ctx.principal, airport);
}
