import { History, MapPinOff, SlidersHorizontal } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { Button } from "@/components/ui/button";
import { DomainError } from "@/lib/errors";

export type Listed<T> = { ok: true; value: T } | { ok: false; error: DomainError };

/**
 * A list read for a console page: a refusal the user's own URL caused (an airport outside their
 * scope, a stale or hand-made cursor, a filter the list cannot take) comes back as a value the
 * page shows calmly in place of the table, instead of the generic error page. Anything else throws.
 */
export async function tryList<T>(read: () => Promise<T>): Promise<Listed<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (err) {
    if (err instanceof DomainError && err.status >= 400 && err.status < 500 && err.status !== 401) return { ok: false, error: err };
    throw err;
  }
}

/** What the page shows for a refused list: what was wrong with the link, and the way back. */
export function ListRefusal({ error, what, airport, myAirports, clearHref }: { error: DomainError; what: string; airport?: string; myAirports: string[]; clearHref: string }) {
  if (error.code === "OUT_OF_SCOPE") {
    return (
      <EmptyState icon={MapPinOff} title={`${airport ?? "That airport"} is not one of your airports`} testId="list-out-of-scope">
        <p>
          Your account works on {myAirports.join(", ")}, so {what} of {airport ?? "other airports"} are not shown to you. Ask an administrator of your airline if
          you need that airport.
        </p>
        <div className="mt-3">
          <Button asChild variant="outline">
            <Link href={clearHref}>Show {what} of your airports</Link>
          </Button>
        </div>
      </EmptyState>
    );
  }
  if (error.errors.some((e) => e.path === "cursor")) {
    return (
      <EmptyState icon={History} title="This page link is no longer valid" testId="list-bad-cursor">
        <p>The link to an older page was changed or cut short. Start again from the newest {what}.</p>
        <div className="mt-3">
          <Button asChild variant="outline">
            <Link href={clearHref}>Newest {what}</Link>
          </Button>
        </div>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={SlidersHorizontal} title="These filters cannot be used" testId="list-bad-filter">
      <p>{error.message}</p>
      <div className="mt-3">
        <Button asChild variant="outline">
          <Link href={clearHref}>Clear the filters</Link>
        </Button>
      </div>
    </EmptyState>
  );
}
