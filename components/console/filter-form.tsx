import { Search } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * The filter bar of a list page: a GET form, so filters live in the URL (shareable, back-button
 * friendly), with Apply and, once something is filtered, Clear.
 */
export function FilterForm({
  values,
  label,
  clearHref,
  filtered,
  testId,
  applyTestId,
  notice,
  children,
}: {
  /** the filters in force: the form remounts when they change, so its fields show them (after Clear too) */
  values: unknown;
  label: string;
  clearHref: string;
  filtered: boolean;
  testId?: string;
  applyTestId?: string;
  /** shown under the bar, e.g. which filters were ignored */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form key={JSON.stringify(values)} method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3" data-testid={testId}>
      {children}
      <Button type="submit" variant="secondary" data-testid={applyTestId}>
        <Search aria-hidden />
        Apply
      </Button>
      {filtered && (
        <Button asChild variant="ghost">
          <Link href={clearHref}>Clear</Link>
        </Button>
      )}
      {notice}
    </form>
  );
}
