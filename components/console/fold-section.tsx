import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { FoldDetails } from "./fold-details";

type FoldSectionProps = {
  title: string;
  /** the section's number beside its title (rows, messages, steps) */
  count?: number;
  /** one line with the numbers a person needs without opening it ("3 confirmed · 1 failed") */
  summary?: ReactNode;
  /** open from the start: the section holds something a person must act on */
  open?: boolean;
  testId?: string;
  id?: string;
  children: ReactNode;
};

/**
 * A page section that folds to its summary line: a native <details>, so it opens with a click, a
 * tap, Enter or Space; closed, a long page (a case) reads as a list of numbers. The <section> keeps
 * the section's name for screen readers and its test id for the journeys.
 */
export function FoldSection({ title, count, summary, open = false, testId, id, children }: FoldSectionProps) {
  return (
    <section className="mb-4 min-w-0" aria-label={title} data-testid={testId} id={id}>
      <FoldDetails
        open={open}
        title={title}
        summary={
          <summary
            className="flex cursor-pointer list-none flex-wrap items-center gap-x-2 gap-y-1 rounded-md py-1.5 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
            data-testid="fold-summary"
          >
            <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open/fold:rotate-90 motion-reduce:transition-none" />
            <h2 className="font-semibold">{title}</h2>
            {count !== undefined && <Badge variant="muted">{count}</Badge>}
            {summary && <span className="min-w-0 text-sm text-muted-foreground">{summary}</span>}
          </summary>
        }
      >
        {children}
      </FoldDetails>
    </section>
  );
}

/** What a streamed section shows while its rows load: its title, so the page keeps its shape. */
export function FoldSectionLoading({ title, className }: { title: string; className?: string }) {
  return (
    <section className={cn("mb-4", className)} aria-label={title} aria-busy="true">
      <div className="flex items-center gap-2 py-1.5">
        <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
        <h2 className="font-semibold">{title}</h2>
        <Skeleton className="h-4 w-32" />
      </div>
    </section>
  );
}
