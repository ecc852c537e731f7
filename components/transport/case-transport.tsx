import { FoldSection } from "@/components/console/fold-section";
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
    <FoldSection
      title="Ground transport"
      count={items.length}
      testId="case-transport"
      summary={
        waiting.rides > 0 ? (
          <Badge variant="warning" data-testid="case-transport-unassigned">
            {waiting.rides} without a vehicle ({waiting.passengers} passengers)
          </Badge>
        ) : items.length > 0 ? (
          "every ride has a vehicle"
        ) : (
          "no ride yet"
        )
      }
    >
      <SegmentBoard segments={items} mayAct={hasPermission(ctx.principal.roles, "transport:write") && !closed} testId="case-transport-table" zones={zone} />
    </FoldSection>
  );
}
