import { and, eq, isNull } from "drizzle-orm";
import { serviceTokens } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { assertTokenAdmin } from "./guard";
import { auditSnapshot, toServiceToken } from "./record";
import { RevokeServiceTokenInput, type ServiceToken } from "./schemas";

/**
 * Revokes a token by jti. From the commit on, lib/auth/authenticate.ts answers 401 to it.
 * Another tenant's jti is a 404, as if it did not exist.
 */
export async function revokeServiceToken({ ctx, input }: { ctx: Ctx; input: RevokeServiceTokenInput }): Promise<ServiceToken> {
  assertTokenAdmin(ctx);
  const { jti, reason } = parseInput(RevokeServiceTokenInput, input);
  return transaction(ctx, async (tx) => {
    const mine = and(eq(serviceTokens.jti, jti), eq(serviceTokens.tenant, ctx.principal.tenant));
    // guards two admins revoking at once: only the first update finds revoked_at still null
    const [row] = await tx.db
      .update(serviceTokens)
      .set({ revokedAt: new Date(), revokedBy: ctx.principal.sub })
      .where(and(mine, isNull(serviceTokens.revokedAt)))
      .returning();
    if (!row) {
      const [existing] = await tx.db.select({ revokedAt: serviceTokens.revokedAt }).from(serviceTokens).where(mine).limit(1);
      if (!existing) throw notFound(`Service token ${jti}`);
      throw conflict("INVALID_TRANSITION", `Service token ${jti} was already revoked at ${existing.revokedAt?.toISOString()}.`);
    }
    await writeAudit(tx, {
      entity: "token",
      entityUrn: row.urn,
      action: "revoke",
      reason,
      before: auditSnapshot({ ...row, revokedAt: null }),
      after: auditSnapshot(row),
    });
    return toServiceToken(row);
  });
}
