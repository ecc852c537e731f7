import type { ServiceTokenRow } from "@/db/schema";
import type { ServiceToken, TokenStatus } from "./schemas";

export function tokenStatus(row: Pick<ServiceTokenRow, "revokedAt" | "expiresAt">, now = new Date()): TokenStatus {
  if (row.revokedAt) return "REVOKED";
  return row.expiresAt.getTime() <= now.getTime() ? "EXPIRED" : "ACTIVE";
}

export function toServiceToken(row: ServiceTokenRow, now = new Date()): ServiceToken {
  return {
    urn: row.urn,
    jti: row.jti,
    name: row.name,
    sub: row.sub,
    roles: row.roles,
    airports: row.airports,
    status: tokenStatus(row, now),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

/** The audited snapshot of a token: never the signed token itself. */
export function auditSnapshot(row: Pick<ServiceTokenRow, "jti" | "name" | "sub" | "roles" | "airports" | "expiresAt" | "revokedAt">) {
  return {
    jti: row.jti,
    name: row.name,
    sub: row.sub,
    roles: row.roles,
    airports: row.airports,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
  };
}
