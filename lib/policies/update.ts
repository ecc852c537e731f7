import { and, eq } from "drizzle-orm";
import { policies } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, invalid } from "@/lib/errors";
import { contextKeyOf } from "./context-key";
import { parseInput, shapeRecord, validationError } from "@/lib/validation";
import { loadPolicy } from "./load";
import { normalizePolicy } from "./normalize";
import { auditSnapshot, toPolicy } from "./record";
import { Policy, PolicyInput, UpdatePolicyInput } from "./schemas";
import { assertPolicyTransition } from "./transitions";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** RFC 7396: objects merge, null removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** The record as the PolicyInput it could have been created from. */
function asInput(p: Policy): Json {
  const context = Object.fromEntries(Object.entries(p.context).filter(([, v]) => v !== null));
  const { urn: _u, version: _v, status: _s, createdBy: _cb, createdAt: _ca, activatedAt: _aa, activatedBy: _ab, updatedAt: _ua, ...rest } = p;
  return JSON.parse(JSON.stringify({ ...rest, context })) as Json;
}

/** Keeps the pairs the schema derives from each other in step when a patch names only one side. */
function alignPairs(base: Json, patch: Json): Json {
  const b = structuredClone(base);
  const constraints = (b.constraints ?? {}) as Json;
  const weights = (b.allocationWeights ?? {}) as Json;
  const patchConstraints = isObject(patch.constraints) ? patch.constraints : {};
  const patchWeights = isObject(patch.allocationWeights) ? patch.allocationWeights : {};
  if ("acceptedPayments" in patch && !("acceptedPayments" in patchConstraints)) delete constraints.acceptedPayments;
  if ("acceptedPayments" in patchConstraints && !("acceptedPayments" in patch)) delete b.acceptedPayments;
  if (typeof patch.consolidationWeight === "number" && !("consolidation" in patchWeights)) weights.consolidation = patch.consolidationWeight;
  if (typeof patchWeights.consolidation === "number" && !("consolidationWeight" in patch)) b.consolidationWeight = patchWeights.consolidation;
  return b;
}

/**
 * Edits a DRAFT policy (a merge patch, validated as a whole policy). Other statuses are 409
 * INVALID_TRANSITION: an ACTIVE or ARCHIVED version stays as it was used; edit a new version.
 */
export async function updatePolicy({ ctx, input }: { ctx: Ctx; input: UpdatePolicyInput }): Promise<Policy> {
  requirePermission(ctx, "policy:write", "edit policies");
  const { policyUrn, patch } = parseInput(UpdatePolicyInput, input);
  return transaction(ctx, async (tx) => {
    const row = await loadPolicy(tx, policyUrn, { forUpdate: true });
    assertPolicyTransition("update", row.status, policyUrn);
    const before = toPolicy(row);
    const merged = mergePatch(alignPairs(asInput(before), patch), patch);
    const parsed = PolicyInput.safeParse(merged);
    if (!parsed.success) throw invalid("The patched policy does not match the schema.", validationError(parsed.error).errors);
    const c = parsed.data.context;
    if (contextKeyOf({ airport: c.airport ?? null, airline: c.airline ?? null, country: c.country ?? null, tiers: parsed.data.tiers }) !== row.contextKey) {
      throw invalid("The context and tiers of a policy cannot change; create a new policy for another context.", [
        { path: "context" in patch ? "context" : "tiers", message: "must stay as created" },
      ]);
    }
    const next = await normalizePolicy(tx.db, parsed.data);
    const [updated] = await tx.db
      .update(policies)
      .set({ name: next.name, body: next.body as unknown as Json, provenance: next.provenance ?? null, updatedAt: new Date() })
      .where(and(eq(policies.urn, row.urn), eq(policies.status, "DRAFT")))
      .returning();
    if (!updated) throw conflict("INVALID_TRANSITION", `Policy ${policyUrn} is no longer a DRAFT.`);
    const after = toPolicy(updated);
    await writeAudit(tx, { entity: "policy", entityUrn: policyUrn, action: "update", airport: row.airport, before: auditSnapshot(before), after: auditSnapshot(after) });
    return shapeRecord(Policy, after);
  });
}
