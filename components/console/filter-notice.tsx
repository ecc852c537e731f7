import type { z } from "zod";

/**
 * "Status must be one of OPEN, CLOSED … — ignored": a list page's refused filters, each named by
 * the label its field carries on the page, with the error map's sentence (lib/validation-messages).
 */
export function FilterNotice({ error, labels, testId }: { error: z.ZodError; labels: Record<string, string>; testId?: string }) {
  const lines = error.issues.map((i) => {
    const key = String(i.path[0] ?? "");
    return `${labels[key] ?? (key || "A filter")} ${i.message}`;
  });
  return (
    <div role="alert" className="w-full text-sm text-destructive" data-testid={testId}>
      <p>{lines.length === 1 ? "This filter was not valid and was ignored:" : "These filters were not valid and were ignored:"}</p>
      <ul className="list-inside list-disc">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
