// GET /api/v1/audit – audit entries by entity kind, entity URN and action
import { handle } from "@/lib/api/handler";
import { listAuditRoute } from "@/lib/api/routes/audit";
import { listAudit } from "@/lib/audit/list";

export const GET = handle(listAuditRoute, ({ ctx, query }) => listAudit({ ctx, input: query }));
