import { and, eq, max } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "@/db/client";
import { policies, type PolicyRow } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { parseInput, shapeRecord } from "@/lib/validation";
import { normalizePolicy, type NormalizedPolicy } from "./normalize";
import { auditSnapshot, toPolicy } from "./record";
import { Policy, PolicyInput } from "./schemas";

// each failed attempt means another create of the context committed: N racing creates need at most N attempts
const ATTEMPTS = 20;

/**
 * Creates a DRAFT policy (spec 3.3: no effect until activated) as the next version of its context.
 * An airport-specific policy needs that airport in the caller's claims; an airport-less one any
 * writer may create.
 */
export async function createPolicy({ ctx, input }: { ctx: Ctx; input: z.input<typeof PolicyInput> }): Promise<Policy> {
  requirePermission(ctx, "policy:write", "create policies");
  const p = await normalizePolicy(ctx.db, parseInput(PolicyInput, input));
  if (p.airport) requireAirport(ctx, p.airport);
  return transaction(ctx, async (tx) => {
    const row = await insertNextVersion(tx, p);
    const record = toPolicy(row);
    await writeAudit(tx, { entity: "policy", entityUrn: record.urn, action: "create", airport: record.context.airport, after: auditSnapshot(record) });
    return shapeRecord(Policy, record);
  });
}

/**
 * version = max(version of the context) + 1. Two concurrent creates may read the same max: the
 * unique (tenant, contextKey, version) index refuses the second insert, which retries in a savepoint.
 */
async function insertNextVersion(ctx: Ctx, p: NormalizedPolicy): Promise<PolicyRow> {
  const tenant = ctx.principal.tenant;
  for (let attempt = 1; ; attempt++) {
    const [{ v }] = await ctx.db
      .select({ v: max(policies.version) })
      .from(policies)
      .where(and(eq(policies.tenant, tenant), eq(policies.contextKey, p.contextKey)));
    try {
      return await (ctx.db as Tx).transaction(async (sp) => {
        const [row] = await sp
          .insert(policies)
          .values({
            urn: newUrn("policy"),
            tenant,
            name: p.name,
            airport: p.airport,
            airline: p.airline,
            country: p.country,
            tiers: p.tiers,
            contextKey: p.contextKey,
            version: (v ?? 0) + 1,
            status: "DRAFT",
            body: p.body as unknown as Record<string, unknown>,
            provenance: p.provenance ?? null,
            createdBy: ctx.principal.sub,
          })
          .returning();
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err, "policies_context_version_idx")) throw err;
      if (attempt >= ATTEMPTS) throw conflict("CONFLICT", "Other versions of this policy context are being created at the same time; retry.");
    }
  }
}
