import { cn } from "@/lib/utils";

/** A JSON value as indented text, scrollable, for payloads, step outputs and errors. */
export function JsonView({ value, className, maxHeight = "16rem" }: { value: unknown; className?: string; maxHeight?: string }) {
  if (value === undefined || value === null) return <span className="text-muted-foreground">—</span>;
  return (
    // long lines wrap (a URN, a step's output): a pre that kept them would widen its table or card past the page
    <pre className={cn("overflow-auto whitespace-pre-wrap rounded-md bg-muted/60 p-2 font-mono text-xs leading-relaxed [overflow-wrap:anywhere]", className)} style={{ maxHeight }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
