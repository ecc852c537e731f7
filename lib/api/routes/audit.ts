import { pageOf } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { AuditEntry, AuditQuery } from "@/lib/audit/schemas";

export const listAuditRoute = defineRoute({
  method: "GET",
  path: "/audit",
  tag: "Audit",
  summary: "List audit entries",
  description: "Entries of the caller's tenant, newest first, filtered by entity kind, entity URN and action.",
  permission: "read",
  query: AuditQuery,
  response: pageOf(AuditEntry),
  errors: [422],
});
