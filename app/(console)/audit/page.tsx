import { CircleAlert, FileClock } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AuditTable } from "@/components/audit/audit-table";
import { EmptyState } from "@/components/console/empty-state";
import { FilterForm } from "@/components/console/filter-form";
import { PageHeader } from "@/components/console/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";

import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { listAudit } from "@/lib/audit/list";
import { AuditQuery } from "@/lib/audit/schemas";
import { sessionCtx } from "@/lib/console/session-ctx";
import { auditLabels } from "@/lib/read-models/audit-labels";
import { FilterNotice } from "@/components/console/filter-notice";
import { caseLabels } from "@/lib/read-models/case-labels";
import { airportTimeZones } from "@/lib/cases/airports";
import { loadMoreAudit } from "./actions";

export const metadata: Metadata = { title: "Audit" };

const ENTITY_KINDS = ["case", "demand", "policy", "wave", "reservation", "review", "segment", "token", "api"];
const COMMON_ACTIONS = ["create", "approve", "reject", "activate", "close", "reopen", "reaccommodate", "override", "resolve", "cancel", "mint", "revoke", "access-denied"];

type SearchParams = Record<string, string | string[] | undefined>;

function text(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : undefined;
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  // refused requests (403s: a feed probing, a role trying a page) are noise to a person: left out unless asked for
  const showRefused = text(sp.refused) === "include";
  const filters = { entity: text(sp.entity), entityUrn: text(sp.entityUrn), action: text(sp.action), caseUrn: text(sp.caseUrn) };
  const query = { ...filters, refused: showRefused ? ("include" as const) : ("exclude" as const) };
  const parsed = AuditQuery.safeParse({ ...query, limit: 50 });
  const filtered = Object.values(filters).some(Boolean) || showRefused;
  const caseLabel = filters.caseUrn ? (await caseLabels({ ctx, input: { urns: [filters.caseUrn] } }))[filters.caseUrn] : undefined;

  let body;
  if (!parsed.success) {
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertDescription>
          <FilterNotice error={parsed.error} labels={{ entity: "Entity kind", entityUrn: "Entity URN", action: "Action", caseUrn: "Case" }} />
        </AlertDescription>
      </Alert>
    );
  } else {
    const page = await listAudit({ ctx, input: parsed.data });
    const labels = await auditLabels({ ctx, input: { entries: page.items } });
    const zones = await airportTimeZones(ctx, page.items.map((e) => e.airport));
    body =
      page.items.length === 0 ? (
        <EmptyState icon={FileClock} title={filtered ? "No audit entries match these filters" : "No audit entries yet"} testId="audit-empty">
          {filtered ? (
            <p>
              Try a broader filter, or <Link href="/audit" className="text-primary underline">clear all filters</Link>. Entries of airports outside
              your scope are not shown{showRefused ? "" : ", nor refused requests unless you ask for them"}.
            </p>
          ) : (
            <p>Every change to a case, demand, policy, reservation, review item or token is recorded here with who made it, when, why and what changed.</p>
          )}
        </EmptyState>
      ) : (
        // keyed by the filters so a new search starts a fresh list instead of appending
        <AuditTable key={JSON.stringify(query)} initial={{ ...page, labels, zones }} filters={query} loadMore={loadMoreAudit} />
      );
  }

  return (
    <>
      <PageHeader title="Audit" description="Who changed what, when and why. Newest first. Refused requests are left out unless you ask for them." />
      <FilterForm values={query} label="Filter audit entries" clearHref="/audit" filtered={filtered} testId="audit-filters" applyTestId="audit-apply">
        {filters.caseUrn && (
          <div className="grid gap-1.5" data-testid="audit-case-filter">
            <span className="text-sm font-medium">Case</span>
            <span className="flex h-9 items-center rounded-md border bg-muted/40 px-3 text-sm" title={filters.caseUrn}>
              {caseLabel?.label ?? "a case"}: everything on it
            </span>
            <input type="hidden" name="caseUrn" value={filters.caseUrn} />
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="entity">Entity kind</Label>
          <NativeSelect id="entity" name="entity" defaultValue={filters.entity ?? ""} className="w-40">
            <option value="">Any kind</option>
            {ENTITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-72 flex-1 gap-1.5">
          <Label htmlFor="entityUrn">Entity URN</Label>
          <Input id="entityUrn" name="entityUrn" defaultValue={filters.entityUrn ?? ""} placeholder="urn:svc:case:… (several: separate with commas)" className="font-mono" spellCheck={false} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="action">Action</Label>
          <Input id="action" name="action" list="audit-actions" defaultValue={filters.action ?? ""} placeholder="Any action" className="w-44" />
          <datalist id="audit-actions">
            {COMMON_ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
        <div className="flex h-9 items-center gap-2">
          <Checkbox id="refused" name="refused" value="include" defaultChecked={showRefused} data-testid="audit-show-refused" />
          <Label htmlFor="refused">Show refused requests</Label>
        </div>
      </FilterForm>
      {body}
    </>
  );
}
