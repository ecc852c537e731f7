import Link from "next/link";
import { Button } from "@/components/ui/button";

/** Groups shown per page of a case: a 5,000-passenger case renders one page, not a million pixels. */
export const GROUPS_PER_PAGE = 100;

export type GroupPage<G> = { groups: G[]; page: number; pages: number; total: number; first: number };

/** The page `?groups=<n>` asks for (1-based), clamped to the pages there are. */
export function pageOfGroups<G>(all: G[], param: string | string[] | undefined): GroupPage<G> {
  const pages = Math.max(1, Math.ceil(all.length / GROUPS_PER_PAGE));
  const asked = Number.parseInt(Array.isArray(param) ? (param[0] ?? "") : (param ?? ""), 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const first = (page - 1) * GROUPS_PER_PAGE;
  return { groups: all.slice(first, first + GROUPS_PER_PAGE), page, pages, total: all.length, first };
}

/** The page (1-based) that holds the group, for a link to it (the command palette's passenger results); null when absent. */
export function pageHolding<G extends { groupId: string }>(all: G[], groupId: string | undefined): number | null {
  if (!groupId) return null;
  const i = all.findIndex((g) => g.groupId === groupId);
  return i < 0 ? null : Math.floor(i / GROUPS_PER_PAGE) + 1;
}

export function GroupPager({ page, caseUrn }: { page: GroupPage<unknown>; caseUrn: string }) {
  if (page.pages <= 1) return null;
  const href = (n: number) => `/cases/${encodeURIComponent(caseUrn)}?groups=${n}#passenger-groups`;
  return (
    <nav aria-label="Passenger group pages" className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="group-pager">
      <span className="text-muted-foreground" aria-live="polite">
        Groups {page.first + 1}–{page.first + page.groups.length} of {page.total}
      </span>
      <div className="flex gap-2">
        {page.page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link href={href(page.page - 1)} data-testid="group-page-prev">Previous</Link>
          </Button>
        ) : null}
        <span className="self-center tabular-nums" data-testid="group-page">
          page {page.page} of {page.pages}
        </span>
        {page.page < page.pages ? (
          <Button asChild variant="outline" size="sm">
            <Link href={href(page.page + 1)} data-testid="group-page-next">Next</Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
