import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

/** Rooms booked against rooms requested, as a bar and numbers; `needed` says what the manifest calls for. */
export function RoomsMeter({ booked, requested, needed, compact = false }: { booked: number; requested: number; needed?: number; compact?: boolean }) {
  const done = requested > 0 && booked >= requested;
  return (
    <div className={cn("grid gap-1", compact ? "min-w-40" : "")} data-testid="rooms-meter">
      <div className="flex items-baseline justify-between gap-2 text-xs tabular-nums">
        <span>
          <span className={cn("font-semibold", compact ? "text-sm" : "text-lg", done && "text-success")} data-testid="rooms-booked">
            {booked}
          </span>{" "}
          / <span data-testid="rooms-requested">{requested}</span> booked
        </span>
        {needed !== undefined && needed !== requested && <span className="text-muted-foreground">{needed} needed</span>}
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
