"use client";

import { Hotel } from "lucide-react";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { LocalTime } from "@/components/console/local-time";
import { Badge } from "@/components/ui/badge";
import type { Board } from "@/lib/board/schemas";
import { callHotelsAction } from "./actions";

/**
 * Tonight's capacity call at the airport, its answers as the board's poll brings them (asked N
 * hotels, answered M, R rooms offered), and for supervisors the button that calls the contracted
 * hotels (a reason required, kept in the audit log).
 */
export function CapacityCallRow({ airport, call, canCall, zone }: { airport: string; call: Board["capacityCall"]; canCall: boolean; zone: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border px-4 py-3 text-sm" data-testid="board-capacity-call">
      <Hotel aria-hidden className="size-4 text-muted-foreground" />
      {call ? (
        <span data-testid="board-capacity-call-figures" data-asked={call.asked} data-answered={call.answered} data-rooms={call.roomsOffered}>
          <span className="font-medium">Hotels called tonight</span> at <LocalTime at={call.at} zone={zone} />
          {call.automatic && (
            <Badge variant="muted" className="ml-2">
              by policy
            </Badge>
          )}
          : asked {call.asked} {call.asked === 1 ? "hotel" : "hotels"}, answered {call.answered}, {call.roomsOffered} {call.roomsOffered === 1 ? "room" : "rooms"} offered
          {call.roomsShort > 0 && <span className="text-muted-foreground"> ({call.roomsShort} short when called)</span>}
        </span>
      ) : (
        <span className="text-muted-foreground">No contracted hotel has been called for rooms at {airport} tonight.</span>
      )}
      {canCall && (
        <span className="ml-auto">
          <ReasonDialog
            trigger="Call hotels for rooms"
            triggerTestId="board-call-hotels"
            title={`Call the contracted hotels near ${airport}`}
            description="Every hotel the airline has a direct contract with at this airport gets an e-mail asking for rooms tonight, with a link to answer in the extranet. Their answers count here as they come."
            confirmLabel="Call hotels"
            placeholder="Why (e.g. three cancellations, every source full)"
            success="Hotels called"
            action={(reason) => callHotelsAction(airport, reason)}
          />
        </span>
      )}
    </div>
  );
}
