import { Badge } from "@/components/ui/badge";
import { hasPermission } from "@/lib/auth/roles";
import type { Ctx } from "@/lib/context";
import { listSegments } from "@/lib/transport";
import { unassignedSummary } from "./board";
import { SegmentBoard } from "./segment-board";

/** The case page's "Ground transport" section: the case's rides, unassigned ones first. */
export async function CaseTransport({ ctx, caseUrn, closed, zone }: { ctx: Ctx; caseUrn: string; closed: boolean; zone: string }) {
  const { items } = await listSegments({ ctx, input: { caseUrn, limit: 200 } });
  const waiting = unassignedSummary(items);
  return (
    <section className="mb-6 grid gap-2" aria-label="Ground transport" data-testid="case-transport">
      <h2 className="flex items-center gap-2 font-semibold">
        Ground transport
        <Badge variant="muted">{items.length}</Badge>
        {waiting.rides > 0 && (
          <Badge variant="warning" data-testid="case-transport-unassigned">
            {waiting.rides} without a vehicle ({waiting.passengers} passengers)
          </Badge>
        )}
      </h2>
      <SegmentBoard segments={items} mayAct={hasPermission(ctx.principal.roles, "transport:write") && !closed} testId="case-transport-table" zones={zone} />
    </section>
  );
}
