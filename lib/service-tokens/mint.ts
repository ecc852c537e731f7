import { serviceTokens } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { coversAirport } from "@/lib/auth/scope";
import { mintToken, serviceTokenMaxTtlSeconds } from "@/lib/auth/tokens";
import { type Ctx, transaction } from "@/lib/context";
import { parseDuration } from "@/lib/duration";
import { invalid } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { assertTokenAdmin } from "./guard";
import { auditSnapshot, toServiceToken } from "./record";
import { MintServiceTokenInput, type MintedServiceToken } from "./schemas";

/**
 * Mints a token for a machine client (the airline feed by default) and records it, so it can be
 * listed and revoked by jti. The signed token is returned once and never stored.
 */
export async function mintServiceToken({ ctx, input }: { ctx: Ctx; input: MintServiceTokenInput }): Promise<MintedServiceToken> {
  assertTokenAdmin(ctx);
  const data = parseInput(MintServiceTokenInput, input);
  const airports = [...new Set(data.airports)];
  // no escalation: an admin scoped to some airports cannot hand out a token for others
  const outside = airports.filter((a) => (a === "*" ? !ctx.principal.airports.includes("*") : !coversAirport(ctx.principal, a)));
  if (outside.length > 0) {
    throw invalid("A token may cover only airports within your own scope.", [
      { path: "airports", message: `outside your scope: ${outside.join(", ")}` },
    ]);
  }
  // tokens of one client name share a subject, so a rotated feed token still reads the cases it created
  const sub = `client:${slug(data.name)}`;
  const minted = await mintToken({
    tenant: ctx.principal.tenant,
    roles: [...new Set(data.roles)],
    airports: airports.includes("*") ? ["*"] : airports,
    sub,
    name: data.name,
    ttlSeconds: Math.round(parseDuration(data.ttl) / 1000),
    maxTtlSeconds: serviceTokenMaxTtlSeconds(),
  });
  const row = await transaction(ctx, async (tx) => {
    const [inserted] = await tx.db
      .insert(serviceTokens)
      .values({
        jti: minted.jti,
        urn: newUrn("token"),
        tenant: ctx.principal.tenant,
        name: data.name,
        sub,
        roles: minted.claims.roles,
        airports: minted.claims.airports,
        createdBy: ctx.principal.sub,
        expiresAt: minted.expiresAt,
      })
      .returning();
    await writeAudit(tx, { entity: "token", entityUrn: inserted.urn, action: "mint", after: auditSnapshot(inserted) });
    return inserted;
  });
  return { ...toServiceToken(row), token: minted.token };
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "client"
  );
}
