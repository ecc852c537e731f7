import type { Metadata } from "next";
import { Forbidden } from "@/components/console/forbidden";
import { PageHeader } from "@/components/console/page-header";
import { blankPolicy } from "@/components/policies/form-values";
import { PolicyForm } from "@/components/policies/policy-form";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { listPolicies } from "@/lib/policies/list";
import { policiesReturnTo } from "@/components/policies/return-to";

export const metadata: Metadata = { title: "New policy" };

export default async function NewPolicyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "policy:write")) return <Forbidden what="Writing policies" roles="OPS_SUPERVISOR or ADMIN" />;
  // a tenant has tens of active policies: the form checks overlaps against all of them as you type
  const active = (await listPolicies({ ctx, input: { status: "ACTIVE", limit: 200 } })).items.map((p) => ({
    urn: p.urn,
    name: p.name,
    version: p.version,
    context: p.context,
    tiers: p.tiers,
  }));
  const returnTo = policiesReturnTo(await searchParams);
  return (
    <>
      <PageHeader title="New policy" description="Saved as a draft: it has no effect until a supervisor activates it." />
      <PolicyForm mode={{ kind: "create" }} defaultValues={blankPolicy()} active={active} returnTo={returnTo} />
    </>
  );
}
