import { CircleAlert, CircleCheck, CircleDashed, LoaderCircle, TriangleAlert } from "lucide-react";
import { FoldSection } from "@/components/console/fold-section";
import type { Ctx } from "@/lib/context";
import { caseProgress, type StepState } from "@/lib/read-models/case-progress";
import { cn } from "@/lib/utils";

const ICON = { done: CircleCheck, active: LoaderCircle, failed: CircleAlert, waiting: CircleDashed, attention: TriangleAlert } as const;
const STATE_TEXT: Record<StepState, string> = { done: "done", active: "in progress", failed: "failed", waiting: "not started", attention: "needs attention" };

/**
 * The steps from demand to emails as the database has them, the one in progress marked, failures
 * named. Folded to "4 of 6 steps done" unless a step failed or needs attention (or `open`: the wave page).
 */
export async function CaseProgress({ ctx, caseUrn, waveUrn, open = false }: { ctx: Ctx; caseUrn: string; waveUrn?: string; open?: boolean }) {
  const { steps, current } = await caseProgress({ ctx, input: { caseUrn, waveUrn } });
  const done = steps.filter((s) => s.state === "done").length;
  const trouble = steps.filter((s) => s.state === "failed" || s.state === "attention");
  const now = steps.find((s) => s.key === current && s.state !== "done");
  return (
    <FoldSection
      title="Progress"
      testId="case-progress"
      open={open || trouble.length > 0}
      summary={[`${done} of ${steps.length} steps done`, now && `now: ${now.label.toLowerCase()}`, ...trouble.map((s) => `${s.label.toLowerCase()}: ${STATE_TEXT[s.state]}`)].filter(Boolean).join(" · ")}
    >
      <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-6">
        {steps.map((s) => {
          const Icon = ICON[s.state];
          return (
            <li
              key={s.key}
              aria-current={s.key === current ? "step" : undefined}
              className={cn(
                "grid content-start gap-1 rounded-md border bg-card px-3 py-2 text-sm",
                s.key === current && s.state === "active" && "border-primary",
                s.state === "failed" && "border-destructive/60 bg-destructive/5",
                // amber: not done and not failed (mail kept for lack of a mail server)
                s.state === "attention" && "border-warning/60 bg-warning/10",
              )}
              data-testid="progress-step"
              data-step={s.key}
              data-state={s.state}
            >
              <div className="flex items-center gap-1.5 font-medium">
                <Icon
                  aria-hidden
                  className={cn(
                    "size-4 shrink-0",
                    s.state === "done" && "text-success",
                    s.state === "active" && "animate-spin text-primary motion-reduce:animate-none",
                    s.state === "failed" && "text-destructive",
                    s.state === "waiting" && "text-muted-foreground",
                    s.state === "attention" && "text-warning",
                  )}
                />
                {s.label}
                <span className="sr-only">: {STATE_TEXT[s.state]}</span>
              </div>
              <div className={cn("text-xs", s.state === "attention" ? "text-foreground" : "text-muted-foreground")} data-testid="progress-detail">
                {s.detail}
              </div>
              {s.problems.length > 0 && (
                <ul className="grid gap-0.5 text-xs text-destructive" data-testid="progress-problems">
                  {s.problems.slice(0, 5).map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                  {s.problems.length > 5 && <li>and {s.problems.length - 5} more</li>}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </FoldSection>
  );
}
