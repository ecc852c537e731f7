import { v7 as uuidv7 } from "uuid";
import { z } from "zod";

export const URN_KINDS = [
  "tenant", "case", "demand", "policy", "wave", "reservation", "review", "user",
  "hotel", "segment", "voucher", "audit", "token", "email", "sms", "webhook", "delivery", "report",
  "care", "meal", "ride", "reconfirmation", "capacity", "rating",
] as const;
export type UrnKind = (typeof URN_KINDS)[number];

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const URN_RE = new RegExp(`^urn:svc:([a-z]+):(${UUID})$`);

/** A new identifier: a URN around a lowercase, time-ordered UUIDv7. */
export function newUrn(kind: UrnKind): string {
  return `urn:svc:${kind}:${uuidv7()}`;
}

export function newId(): string {
  return uuidv7();
}

export function urnKind(value: string): string | null {
  return URN_RE.exec(value)?.[1] ?? null;
}

/** Accepts a URN raw or percent-encoded, as path segments may carry either. */
export function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function isUrn(value: string, kind: UrnKind): boolean {
  return urnKind(value) === kind;
}

/** A URN of one kind; used for bodies and, with decoding, for path parameters. */
export function urnSchema(kind: UrnKind) {
  return z
    .string()
    .refine((v) => isUrn(v, kind), { message: `must be a ${kind} URN (urn:svc:${kind}:<uuid>)` })
    .meta({ description: `${kind} identifier, urn:svc:${kind}:<uuidv7>`, example: `urn:svc:${kind}:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10` });
}
