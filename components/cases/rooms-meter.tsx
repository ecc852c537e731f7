import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

/**
 * Rooms booked against rooms requested, as a bar and numbers; `needed` says what the manifest calls
 * for. Rooms held for passengers added later (`forLater`) have no group to book yet: the case is
 * done without them.
 */
export function RoomsMeter({ booked, requested, needed, forLater = 0, compact = false }: { booked: number; requested: number; needed?: number; forLater?: number; compact?: boolean }) {
  const done = requested > 0 && booked >= requested - forLater;
  return (
    <div className={cn("grid gap-1", compact ? "min-w-40" : "")} data-testid="rooms-meter">
      <div className="flex items-baseline justify-between gap-2 text-xs tabular-nums">
        <span>
          <span className={cn("font-semibold", compact ? "text-sm" : "text-lg", done && "text-success")} data-testid="rooms-booked">
            {booked}
          </span>{" "}
          / <span data-testid="rooms-requested">{requested}</span> booked
        </span>
        {needed !== undefined && needed !== requested && (
          <span className="text-muted-foreground">
            {needed} needed{forLater > 0 && `, ${forLater} held for later`}
          </span>
        )}
      </div>
      <Progress
        value={Math.min(booked, Math.max(requested, 1))}
        max={Math.max(requested, 1)}
        aria-label={`${booked} of ${requested} rooms booked`}
        className={cn(compact ? "h-1.5" : "h-2.5", done && "[&>div]:bg-success")}
      />
    </div>
  );
}
