import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** What an empty list says: what will appear here, and what to do if something should. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId ?? "empty-state"}
      className={cn("flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed bg-card/50 px-6 py-12 text-center", className)}
    >
      <div className="flex size-10 items-center justify-center rounded-full bg-muted">
        <Icon className="size-5 text-muted-foreground" aria-hidden />
      </div>
      <div className="grid max-w-prose gap-1">
        <h2 className="font-medium">{title}</h2>
        {children && <div className="text-sm text-muted-foreground [&_p+p]:mt-2">{children}</div>}
      </div>
      {action}
    </div>
  );
}
