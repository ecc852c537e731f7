import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { consoleSessions, users } from "@/db/schema";
import { revokeUserSessions } from "@/lib/auth/console-sessions";
import { requirePermission } from "@/lib/auth/require";
import { coversAirport } from "@/lib/auth/scope";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { notFound, outOfScope } from "@/lib/errors";
import { Reason, Urn } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";

export const EndSessionsBody = z.object({ reason: Reason }).meta({ id: "EndUserSessions" });
export const EndSessionsInput = EndSessionsBody.extend({ userUrn: Urn("user") });
export type EndSessionsInput = z.input<typeof EndSessionsInput>;

export const EndedSessions = z
  .object({
    userUrn: z.string(),
    sessionsEnded: z.number().int().meta({ description: "console sessions that were live and are now ended (0: none was)" }),
  })
  .meta({ id: "EndedSessions" });
export type EndedSessions = z.infer<typeof EndedSessions>;

/**
 * An ADMIN signs a user of the tenant out everywhere: every live console session of the user ends
 * (lib/auth/console-sessions.ts), so a stolen or forgotten cookie stops working. The user may sign
 * in again; to keep them out, remove the account. An ADMIN limited to some airports may do this to
 * users whose airports are all among its own (403 OUT_OF_SCOPE otherwise). Another tenant's user,
 * or a URN that never signed in here, is a 404. Audited with the count of sessions ended.
 */
export async function endUserSessions({ ctx, input }: { ctx: Ctx; input: EndSessionsInput }): Promise<EndedSessions> {
  requirePermission(ctx, "admin", "end another user's sessions (ADMIN only)");
  const { userUrn, reason } = parseInput(EndSessionsInput, input);
  const tenant = ctx.principal.tenant;
  const [user] = await ctx.db
    .select({ airports: users.airports })
    .from(users)
    .where(and(eq(users.urn, userUrn), eq(users.tenant, tenant)))
    .limit(1);
  if (!user) {
    // a single-sign-on user has no row, only sessions
    const [session] = await ctx.db.select({ sid: consoleSessions.sid }).from(consoleSessions).where(and(eq(consoleSessions.tenant, tenant), eq(consoleSessions.sub, userUrn))).limit(1);
    if (!session) throw notFound(`User ${userUrn}`);
  } else {
    const outside = user.airports.find((a) => !coversAirport(ctx.principal, a));
    if (outside) throw outOfScope(outside);
  }
  return transaction(ctx, async (tx) => {
    const live = await tx.db
      .select({ sid: consoleSessions.sid })
      .from(consoleSessions)
      .where(and(eq(consoleSessions.tenant, tenant), eq(consoleSessions.sub, userUrn), isNull(consoleSessions.revokedAt)));
    const ended = await revokeUserSessions(tx.db, { tenant, sub: userUrn, by: ctx.principal.sub });
    await writeAudit(tx, {
      entity: "user",
      entityUrn: userUrn,
      action: "end-sessions",
      reason,
      airport: null,
      before: { liveSessions: live.length },
      after: { liveSessions: 0 },
    });
    return { userUrn, sessionsEnded: ended.length };
  });
}
