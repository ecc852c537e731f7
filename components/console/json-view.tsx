import { cn } from "@/lib/utils";

/** A JSON value as indented text, scrollable, for payloads, step outputs and errors. */
export function JsonView({ value, className, maxHeight = "16rem" }: { value: unknown; className?: string; maxHeight?: string }) {
  if (value === undefined || value === null) return <span className="text-muted-foreground">—</span>;
  return (
    <pre className={cn("overflow-auto rounded-md bg-muted/60 p-2 font-mono text-xs leading-relaxed", className)} style={{ maxHeight }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
