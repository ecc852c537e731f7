import { z } from "zod";
import { decodeSegment, urnSchema } from "@/lib/ids";
import { NUL_MESSAGE, pageQuery, Text } from "@/lib/primitives";

export const FieldChange = z
  .object({ field: z.string(), before: z.unknown(), after: z.unknown() })
  .meta({ id: "FieldChange", description: "before/after of one changed field; nested fields are dotted" });

export const AuditEntry = z
  .object({
    urn: z.string(),
    entity: z.string().meta({ description: "kind of the entity: case, policy, demand, review, ..." }),
    entityUrn: z.string(),
    action: z.string(),
    actor: z.string().meta({ description: "sub of the principal: a user URN, a client id, or system:<job>" }),
    actorRoles: z.array(z.string()),
    reason: z.string().nullable(),
    changes: z.array(FieldChange),
    airport: z.string().nullable(),
    requestId: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntry>;

/** How many URNs one audit query may name (a case page links its case and its demands). */
export const MAX_ENTITY_URNS = 50;

export const AuditQuery = z.object({
  entity: Text.min(1).optional().meta({ description: "entity kind, e.g. case or policy" }),
  // matched after percent-decoding (a URN may come encoded), so `%00` is a NUL too
  entityUrn: Text.min(1)
    .refine((v) => !decodeSegment(v).includes("\u0000"), NUL_MESSAGE)
    .refine((v) => v.split(",").length <= MAX_ENTITY_URNS, `must list at most ${MAX_ENTITY_URNS} URNs`)
    .optional()
    .meta({ description: `one entity URN, or up to ${MAX_ENTITY_URNS} separated by commas (a case and its demands, say)` }),
  action: Text.min(1).optional().meta({ description: "e.g. reaccommodate, activate, close" }),
  caseUrn: urnSchema("case")
    .optional()
    .meta({ description: "the case's own entries and those of its demands, waves, reservations, transport segments and review items" }),
  refused: z
    .enum(["include", "exclude"])
    .optional()
    .meta({ description: "include (the default) or exclude the entries of refused requests (action access-denied)" }),
  ...pageQuery,
});
export type AuditQuery = z.infer<typeof AuditQuery>;
