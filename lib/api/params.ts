import { z } from "zod";
import { decodeSegment, isUrn, type UrnKind } from "@/lib/ids";

/** A URN path segment, raw or percent-encoded. A malformed one names no record: 404. */
export function urnParam(kind: UrnKind) {
  return z
    .string()
    .transform(decodeSegment)
    .refine((v) => isUrn(v, kind), { message: `not a ${kind} URN` })
    .meta({ description: `${kind} URN (urn:svc:${kind}:<uuid>), raw or percent-encoded` });
}

export function textParam(description: string) {
  return z.string().transform(decodeSegment).pipe(z.string().min(1)).meta({ description });
}

/** Cursor pagination shared by every list: `?limit=50&cursor=…`. */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "page size, 1–200" }),
  cursor: z.string().min(1).optional().meta({ description: "opaque cursor from the previous page's nextCursor" }),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
