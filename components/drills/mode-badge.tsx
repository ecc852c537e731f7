import { FlaskConical, Siren } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * DRILL or SHADOW, loud enough that nobody takes an exercise for a real event (nothing for LIVE).
 * Server-safe: lists, case, wave and review pages all use it.
 */
export function ModeBadge({ mode, className }: { mode: string | null | undefined; className?: string }) {
  if (!mode || mode === "LIVE") return null;
  const drill = mode === "DRILL";
  const Icon = drill ? Siren : FlaskConical;
  return (
    <span
      data-testid="mode-badge"
      data-mode={mode}
      title={drill ? "Drill: sandbox providers only, no mail sent, not in reports" : "Shadow case: allocation only, never booked"}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide [&>svg]:size-3",
        drill ? "bg-amber-500 text-black" : "bg-violet-600 text-white",
        className,
      )}
    >
      <Icon aria-hidden />
      {mode}
    </span>
  );
}
