import { auditEntries, type FieldChange } from "@/db/schema";
import { insertChunks } from "@/lib/chunks";
import { type Ctx, writeAtCommit } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { airportOfUrn } from "./airport-of";
import { diff } from "./diff";
import { redactChanges } from "./redact-personal";

export type AuditInput = {
  entity: string;
  entityUrn: string;
  action: string;
  /**
   * the airport of the entity (a case's origin, a policy's airport), for scoped reads; left out,
   * it is looked up from `entityUrn` (null for a record that does not exist or has no airport)
   */
  airport?: string | null;
  reason?: string | null;
  /** snapshots: the changed fields are computed from them */
  before?: unknown;
  after?: unknown;
  /** or the changes, when the caller has them already */
  changes?: FieldChange[];
};

/**
 * The one audit writer. Call it inside the transaction of the change it records: the entry is
 * written with the transaction's other entries in one statement just before it commits
 * (writeAtCommit), or at once outside one. Personal values (names, e-mails, phones) are replaced by
 * a marker here, whoever the caller (lib/audit/redact-personal.ts).
 */
export async function writeAudit(ctx: Ctx, input: AuditInput): Promise<string> {
  const urn = newUrn("audit");
  const changes = redactChanges(input.changes ?? (input.before === undefined && input.after === undefined ? [] : diff(input.before ?? {}, input.after ?? {})));
  const row: typeof auditEntries.$inferInsert = {
    urn,
    tenant: ctx.principal.tenant,
    entity: input.entity,
    entityUrn: input.entityUrn,
    action: input.action,
    actor: ctx.principal.sub,
    actorRoles: ctx.principal.roles,
    reason: input.reason ?? null,
    changes,
    requestId: ctx.requestId ?? null,
    airport: input.airport !== undefined ? input.airport : await airportOfUrn(ctx.db, ctx.principal.tenant, input.entityUrn),
  };
  if (!writeAtCommit(ctx, "audit", row, insertAudits)) await insertAudits(ctx, [row]);
  return urn;
}

// nothing bounds a transaction's entries (one per record its verb changes, a big case's passengers included): slices that fit a statement
const insertAudits = async (ctx: Ctx, rows: (typeof auditEntries.$inferInsert)[]) => {
  for (const chunk of insertChunks(auditEntries, rows)) await ctx.db.insert(auditEntries).values(chunk);
};
