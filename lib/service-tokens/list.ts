import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { serviceTokens } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { assertTokenAdmin } from "./guard";
import { toServiceToken } from "./record";
import { ListServiceTokensInput, type ServiceToken } from "./schemas";

/** The tenant's service tokens, newest first, each with its status (active, expired, revoked). */
export async function listServiceTokens({
  ctx,
  input = {},
}: {
  ctx: Ctx;
  input?: ListServiceTokensInput;
}): Promise<{ items: ServiceToken[]; nextCursor: string | null }> {
  assertTokenAdmin(ctx);
  const { limit, cursor } = parseInput(ListServiceTokensInput, input);
  const where: SQL[] = [eq(serviceTokens.tenant, ctx.principal.tenant)];
  const after = decodeCursor(cursor);
  // token URNs are UUIDv7: ordering by URN is ordering by creation
  if (after) where.push(lt(serviceTokens.urn, String(after[0])));
  const rows = await ctx.db
    .select()
    .from(serviceTokens)
    .where(and(...where))
    .orderBy(desc(serviceTokens.urn))
    .limit(limit + 1);
  const page = paginate(rows, limit, (r) => [r.urn]);
  const now = new Date();
  return { items: page.items.map((r) => toServiceToken(r, now)), nextCursor: page.nextCursor };
}
