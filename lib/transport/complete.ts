import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { writeAudit } from "@/lib/audit/write";
import { transaction } from "@/lib/context";
import { transportSettings } from "./settings";
import { ridesChanged } from "./rides-changed";
import { auditSnapshot } from "./to-record";

/**
 * ASSIGNED rides whose pickup is long past (TRANSPORT_COMPLETE_AFTER_MINUTES, default 120) are
 * COMPLETED: no dispatcher reports a drop-off to us, so time is the evidence. Each change audited
 * by the system; the UPDATE re-checks the status, so an operator's change meanwhile stands.
 */
export async function completeDueSegments(db: Db, now: Date): Promise<string[]> {
  const due = new Date(now.getTime() - transportSettings().completeAfterMinutes * 60_000);
  const rows = await db.select().from(transportSegments).where(and(eq(transportSegments.status, "ASSIGNED"), lt(transportSegments.scheduledAt, due))).limit(500);
  const done: string[] = [];
  for (const before of rows) {
    const ctx = { db, principal: systemPrincipal(before.tenant, "transport") };
    await transaction(ctx, async (tx) => {
      const [row] = await tx.db.update(transportSegments).set({ status: "COMPLETED" }).where(and(eq(transportSegments.urn, before.urn), eq(transportSegments.status, "ASSIGNED"))).returning();
      if (!row) return;
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "complete", airport: row.airport, reason: "the pickup is past", before: auditSnapshot(before), after: auditSnapshot(row) });
      await ridesChanged(tx, row.reservationUrns);
      done.push(row.urn);
    });
  }
  return done;
}
