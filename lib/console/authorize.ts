import { writeAudit } from "@/lib/audit/write";
import { hasPermission, type Permission } from "@/lib/auth/roles";
import type { Ctx } from "@/lib/context";
import { forbidden } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";

/**
 * The permission check the API wrapper makes, for console server actions: the services trust
 * their caller, and an action is an endpoint anyone signed in can post to. A refusal is audited,
 * as the API audits its 403s.
 */
export async function authorize(ctx: Ctx, permission: Permission, what: string, entityUrn = "console"): Promise<void> {
  if (hasPermission(ctx.principal.roles, permission)) return;
  const err = forbidden(`Your roles (${ctx.principal.roles.join(", ")}) may not ${what}.`);
  try {
    await writeAudit(ctx, {
      entity: entityUrn.startsWith("urn:svc:") ? entityUrn.split(":")[2] : "console",
      entityUrn,
      action: "access-denied",
      reason: `console: ${err.code}: ${err.message}`,
    });
  } catch (auditErr) {
    log("error", "could not audit a refused console action", errorFields(auditErr));
  }
  throw err;
}
