import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * For a table's key column (flight, group, policy): it stays in view while the rest scrolls
 * sideways on a phone. Give it to that column's head and cells.
 */
export const STICKY_COLUMN = "sticky left-0 z-10 bg-card shadow-[1px_0_0_var(--border)]";

/**
 * Dense by default: a night-shift table shows many rows without scrolling. `stack`: below the sm
 * breakpoint each row becomes a card (app/globals.css); give its cells `data-label` (the column's
 * name, shown before the value), the key cell `data-key` (it heads the card) and a long one
 * `data-wide` (a line of its own).
 */
export function Table({ className, stack = false, ...props }: ComponentProps<"table"> & { stack?: boolean }) {
  return (
    // focusable: a table wider than a phone scrolls inside this box, and the keyboard must be able to scroll it too
    <div data-slot="table-container" tabIndex={0} className="relative w-full overflow-x-auto rounded-md border bg-card focus-visible:outline-2 focus-visible:outline-ring">
      <table data-slot="table" data-stack={stack || undefined} className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-muted/50 [&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-muted", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("h-9 whitespace-nowrap px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground", className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  // a long word (an id, an e-mail, a reason typed without spaces) may break: a wide table wraps its text
  // to fit a laptop's width instead of hiding its last columns past the edge
  return <td className={cn("px-3 py-2 align-middle [overflow-wrap:anywhere]", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-muted-foreground", className)} {...props} />;
}
