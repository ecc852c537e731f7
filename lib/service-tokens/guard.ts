import { hasPermission } from "@/lib/auth/roles";
import type { Ctx } from "@/lib/context";
import { forbidden } from "@/lib/errors";

/** Service tokens are an ADMIN matter: they grant machine access to a whole tenant's feed. */
export function assertTokenAdmin(ctx: Ctx): void {
  if (!hasPermission(ctx.principal.roles, "admin")) throw forbidden("Only an ADMIN may manage service tokens.");
}
