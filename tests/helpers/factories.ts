import type { Db } from "@/db/client";
import type { Principal } from "@/lib/auth/principal";
import type { Role } from "@/lib/auth/roles";
import type { Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";

let counter = 0;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
let tenantCounter = 0;

/** A tenant code no other test of this file uses (each file has a database of its own). */
export function uniqueTenant(): string {
  const n = tenantCounter++ % (ALPHABET.length * ALPHABET.length);
  return ALPHABET[Math.floor(n / ALPHABET.length)] + ALPHABET[n % ALPHABET.length];
}

export function principal(over: Partial<Principal> & { roles?: Role[] } = {}): Principal {
  return {
    sub: over.sub ?? newUrn("user"),
    tenant: over.tenant ?? uniqueTenant(),
    roles: over.roles ?? ["ADMIN"],
    airports: over.airports ?? ["*"],
    kind: over.kind ?? "user",
    ...(over.jti ? { jti: over.jti } : {}),
  };
}

export function ctxFor(db: Db, p: Principal): Ctx {
  return { db, principal: p, requestId: `test-${counter++}` };
}
