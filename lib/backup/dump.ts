import { database } from "@/db/client";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { conflict, forbidden } from "@/lib/errors";

export type Backup = { bytes: Uint8Array; filename: string };

/**
 * GET /admin/backup: the embedded database as a gzipped tarball, taken while the server runs
 * (db/backup.ts says why it is consistent). The tarball holds every tenant's rows, so only an
 * ADMIN machine token of all airports may take it; the backup is audited (after the dump, so the entry is not
 * in it). On PostgreSQL the server does not copy the database: pg_dump does that better (409).
 */
export async function backupDatabase({ ctx, now = new Date() }: { ctx: Ctx; now?: Date }): Promise<Backup> {
  requirePermission(ctx, "admin", "back up the database");
  // every tenant's rows are in it, so a tenant's ADMIN may not take it: only a token minted with the
  // server's own secret for the machine (npm run db:backup mints `system:db-backup`)
  if (!ctx.principal.airports.includes("*") || !ctx.principal.sub.startsWith("system:")) {
    throw forbidden("A backup holds every tenant's records: it takes a machine token for all airports (npm run db:backup mints one from the server's secret), not a user's or a service token.");
  }
  const db = await database();
  if (!db.dumpDataDir) {
    throw conflict("CONFLICT", `The database is ${db.driver === "neon" ? "Neon" : "PostgreSQL"} (DATABASE_URL), not the embedded one: back it up with pg_dump (npm run db:backup does when DATABASE_URL is set).`);
  }
  const bytes = await db.dumpDataDir();
  await writeAudit(ctx, { entity: "database", entityUrn: "database", action: "backup", airport: null, changes: [{ field: "bytes", before: null, after: bytes.byteLength }] });
  return { bytes, filename: `das-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz` };
}

export function backupResponse(b: Backup): Response {
  return new Response(b.bytes as BodyInit, {
    headers: { "content-type": "application/gzip", "content-disposition": `attachment; filename="${b.filename}"`, "content-length": String(b.bytes.byteLength), "cache-control": "no-store" },
  });
}
