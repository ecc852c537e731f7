import { z } from "zod";
import { defineRoute } from "@/lib/api/route";

export const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ driver: z.string(), ok: z.boolean(), latencyMs: z.number() }),
    jobs: z.object({ mode: z.enum(["embedded", "inngest"]) }),
    version: z.string(),
    time: z.iso.datetime(),
  })
  .meta({ id: "Health" });

export const healthRoute = defineRoute({
  method: "GET",
  path: "/health",
  tag: "System",
  summary: "Check service health",
  description: "Public. Reports whether the database answers and which job runner is in use.",
  permission: "public",
  response: Health,
});

export const openApiRoute = defineRoute({
  method: "GET",
  path: "/openapi.json",
  tag: "System",
  summary: "Get the OpenAPI document",
  description: "Public. This document, generated from the schemas the handlers validate with.",
  permission: "public",
});

export const backupRoute = defineRoute({
  method: "GET",
  path: "/admin/backup",
  tag: "System",
  summary: "Back up the embedded database",
  description: [
    "A machine token only (ADMIN, all airports `*`, a `system:` subject minted with the server's secret, as `npm run db:backup` does): the tarball holds every tenant's records, so a tenant's ADMIN gets 403 FORBIDDEN. Answers the embedded (PGlite) database",
    "as a gzipped tarball of its data directory (`application/gzip`, `Content-Disposition: attachment; filename=…`),",
    "taken while the server runs: no transaction is half done in it and every committed row is. `npm run db:backup`",
    "calls this and writes the file; `npm run db:restore -- <file>` loads it with the server stopped. Audited (action",
    "`backup`, entity `database`). On PostgreSQL or Neon the server copies nothing: 409 CONFLICT, use pg_dump.",
  ].join("\n"),
  permission: "admin",
  responseContentType: "application/gzip",
  errors: [409],
});
