import { z } from "zod";
import { decodeSegment, isUrn, type UrnKind } from "@/lib/ids";
import { Text } from "@/lib/primitives";

/** A URN path segment, raw or percent-encoded. A malformed one names no record: 404. */
export function urnParam(kind: UrnKind) {
  return z
    .string()
    .transform(decodeSegment)
    .refine((v) => isUrn(v, kind), { message: `not a ${kind} URN` })
    .meta({ description: `${kind} URN (urn:svc:${kind}:<uuid>), raw or percent-encoded` });
}

export function textParam(description: string) {
  return z.string().transform(decodeSegment).pipe(Text.min(1)).meta({ description });
}

// paging is a shared primitive (domains' list queries use it without importing the API layer)
export { pageOf, pageQuery } from "@/lib/primitives";
