"use client";

import { Check, X } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { approvalGuard } from "@/components/cases/case-guards";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { formatAge } from "@/components/console/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AwaitingDemand } from "@/lib/demand/awaiting";
import { approveWaitingDemandAction, rejectWaitingDemandAction } from "./decide-actions";

/**
 * Rooms requested and not yet decided, oldest first, with their age: on the board's "Waiting for a
 * person" and in the review queue. A supervisor approves or rejects in place (the case page's
 * dialogs and guard); other roles read who decides.
 */
export function WaitingDemands({ demands, now, canDecide, showAirport = false }: { demands: AwaitingDemand[]; now: number; canDecide: boolean; showAirport?: boolean }) {
  const router = useRouter();
  if (demands.length === 0) return null;
  return (
    <section className="mb-4 grid gap-2" data-testid="waiting-demands" aria-label="Rooms waiting for approval">
      <p className="text-sm font-medium">
        Rooms waiting for approval ({demands.length})
        {!canDecide && <span className="font-normal text-muted-foreground">: an ops supervisor or an admin approves them</span>}
      </p>
      <Table stack>
        <TableHeader>
          <TableRow>
            <TableHead>Flight</TableHead>
            <TableHead className="text-right">Rooms</TableHead>
            <TableHead className="text-right">Waiting</TableHead>
            {canDecide && <TableHead className="text-right">Decide</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {demands.map((d) => (
            <TableRow key={d.urn} data-testid="waiting-demand" data-urn={d.urn} data-case={d.caseUrn}>
              <TableCell data-key>
                <Link href={`/cases/${encodeURIComponent(d.caseUrn)}`} className="font-mono text-primary underline-offset-2 hover:underline">
                  {d.flightNumber ?? "case"}
                </Link>
                {showAirport && <span className="ml-2 font-mono text-xs text-muted-foreground">{d.airport}</span>}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-label="Rooms">
                {d.roomsRequested} requested
              </TableCell>
              <TableCell className="text-right tabular-nums" data-label="Waiting" data-testid="waiting-demand-age">
                {formatAge(d.requestedAt, new Date(now))}
              </TableCell>
              {canDecide && (
                <TableCell>
                  <div className="flex justify-end gap-2">
                    <ReasonDialog
                      trigger={
                        <>
                          <Check aria-hidden /> Approve
                        </>
                      }
                      triggerVariant="default"
                      triggerTestId="waiting-demand-approve"
                      title={`Approve ${d.roomsRequested} rooms for ${d.flightNumber ?? "this case"}?`}
                      description="Allocation starts at once against the case's active policies. Your reason is recorded with the approval."
                      guard={approvalGuard(d.roomsRequested, d.stillNeeded)}
                      confirmLabel="Approve"
                      placeholder="e.g. confirmed with duty manager, flight cancelled for the night"
                      success={`${d.roomsRequested} rooms approved; allocation started`}
                      action={async (reason) => {
                        const r = await approveWaitingDemandAction(d.urn, reason);
                        router.refresh();
                        return r;
                      }}
                    />
                    <ReasonDialog
                      trigger={
                        <>
                          <X aria-hidden /> Reject
                        </>
                      }
                      triggerTestId="waiting-demand-reject"
                      title={`Reject ${d.roomsRequested} rooms for ${d.flightNumber ?? "this case"}?`}
                      description="Nothing is allocated for this demand."
                      confirmLabel="Reject"
                      confirmVariant="destructive"
                      success="Demand rejected"
                      action={async (reason) => {
                        const r = await rejectWaitingDemandAction(d.urn, reason);
                        router.refresh();
                        return r;
                      }}
                    />
                  </div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
