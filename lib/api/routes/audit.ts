import { pageOf } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { AuditEntry, AuditQuery } from "@/lib/audit/schemas";

export const listAuditRoute = defineRoute({
  method: "GET",
  path: "/audit",
  tag: "Audit",
  summary: "List audit entries",
  description:
    "Entries of the caller's tenant, newest first, filtered by entity kind, entity URN (one, or up to 50 separated by commas: " +
    "a case and its demands), action, or case (`caseUrn`: the case's entries and those of its demands, waves, reservations, " +
    "transport segments and review items); `refused=exclude` leaves out refused requests (access-denied), which are listed by default. " +
    "A filter that does not parse is 422.",
  permission: "read",
  query: AuditQuery,
  response: pageOf(AuditEntry),
  errors: [422],
});
