import { Plus, ScrollText } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { FilterForm } from "@/components/console/filter-form";
import { PageHeader } from "@/components/console/page-header";
import { type PolicyGroup, PolicyTable } from "@/components/policies/policy-table";
import { SynthesizeBox } from "@/components/policies/synthesize-box";
import { policiesQuery } from "@/components/policies/return-to";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { contextKeyOf } from "@/lib/policies/context-key";
import { listPolicies } from "@/lib/policies/list";
import { type Policy, PolicyListQuery, POLICY_STATUSES } from "@/lib/policies/schemas";
import { upperCaseEnums } from "@/lib/api/query-case";
import { userNames } from "@/lib/users/names";
import { ListRefusal, tryList } from "../list-refusal";

export const metadata: Metadata = { title: "Policies" };

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

function contextLabel(p: Policy): string {
  const parts = [p.context.airport, p.context.airline && `airline ${p.context.airline}`, p.context.country && `country ${p.context.country}`].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Global";
}

export default async function PoliciesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  const parsed = PolicyListQuery.safeParse(upperCaseEnums(PolicyListQuery, { status: one(sp.status), airport: one(sp.airport), limit: 200 }));
  const filters = parsed.success ? parsed.data : PolicyListQuery.parse({ limit: 200 });
  const filtered = Boolean(filters.status || filters.airport);
  const query = policiesQuery({ status: filters.status, airport: filters.airport });
  // every version, so each context's history is whole (a tenant has tens of policies, not thousands)
  const items: Policy[] = [];
  // an airport outside the user's scope in the URL: a calm notice, not the error page
  const listed = await tryList(async () => {
    let cursor: string | undefined;
    do {
      const page = await listPolicies({ ctx, input: { ...filters, cursor } });
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && items.length < 2000);
  });
  const names = await userNames({ ctx, input: { urns: items.flatMap((p) => [p.createdBy, p.activatedBy ?? ""]) } });
  const canWrite = hasPermission(ctx.principal.roles, "policy:write");

  const groups = new Map<string, Policy[]>();
  for (const p of items) {
    const key = contextKeyOf({ ...p.context, tiers: p.tiers });
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const groupList: PolicyGroup[] = [...groups.entries()]
    .map(([key, versions]) => {
      // the version in force first, then the others newest first
      versions.sort((a, b) => Number(b.status === "ACTIVE") - Number(a.status === "ACTIVE") || b.version - a.version);
      return { key, label: contextLabel(versions[0]), tiers: versions[0].tiers, versions };
    })
    // global policies last: the specific ones are what an airport's night shift looks for
    .sort((a, b) => Number(a.label === "Global") - Number(b.label === "Global") || a.label.localeCompare(b.label) || a.tiers.join().localeCompare(b.tiers.join()));

  return (
    <>
      <PageHeader
        title="Policies"
        description="Which hotels a case may use, and when demand is approved. One version per context is active; activating another archives it, and an archived version can be rolled back to."
        actions={
          canWrite && (
            <Button asChild data-testid="policy-new">
              <Link href={`/policies/new${query}`}>
                <Plus aria-hidden />
                New policy
              </Link>
            </Button>
          )
        }
      />
      {/* policy:write is OPS_SUPERVISOR and ADMIN: the synthesizer's verb checks it again */}
      {canWrite && <SynthesizeBox />}
      <FilterForm values={filters} label="Filter policies" clearHref="/policies" filtered={filtered}>
        <div className="grid gap-1.5">
          <Label htmlFor="status">Status</Label>
          <NativeSelect id="status" name="status" defaultValue={filters.status ?? ""} className="w-36">
            <option value="">Any status</option>
            {POLICY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.toLowerCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="airport">Airport</Label>
          <Input id="airport" name="airport" defaultValue={filters.airport ?? ""} placeholder="Any" className="w-24 font-mono uppercase" maxLength={3} />
        </div>
      </FilterForm>
      {!listed.ok ? (
        <ListRefusal error={listed.error} what="policies" airport={filters.airport} myAirports={ctx.principal.airports} clearHref="/policies" />
      ) : groupList.length === 0 ? (
        <EmptyState icon={ScrollText} title={filtered ? "No policies match these filters" : "No policies yet"} testId="policies-empty">
          <p>
            A policy says which hotels passengers of some tiers may be placed in (stars, distance, price, amenities), how demand is approved and how
            passengers get there. Without an active policy matching a case, its allocation goes to manual review.
          </p>
        </EmptyState>
      ) : (
        <PolicyTable groups={groupList} names={names} canWrite={canWrite} expandAll={filtered} query={query} />
      )}
    </>
  );
}
