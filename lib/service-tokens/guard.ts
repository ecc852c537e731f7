import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";

/** Service tokens are an ADMIN matter: they grant machine access to a whole tenant's feed. */
export function assertTokenAdmin(ctx: Ctx): void {
  requirePermission(ctx, "admin", "manage service tokens (ADMIN only)");
}
