import { index, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * One row per console sign-in (next-auth's JWT carries its id as `jti`). The cookie alone is no
 * longer enough: every request checks that its row exists and is not revoked
 * (lib/auth/console-sessions.ts), so sign-out, and an ADMIN ending a user's sessions, take effect
 * on the server rather than waiting 12 hours for the cookie to expire.
 */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    sid: text("sid").primaryKey(),
    tenant: text("tenant").notNull(),
    sub: text("sub").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    // an ADMIN ends every session of one user of the tenant
    index("console_sessions_user_idx").on(t.tenant, t.sub),
    // sign-in prunes rows past their expiry
    index("console_sessions_expires_idx").on(t.expiresAt),
  ],
);

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;
