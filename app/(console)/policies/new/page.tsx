import type { Metadata } from "next";
import { Forbidden } from "@/components/console/forbidden";
import { PageHeader } from "@/components/console/page-header";
import { blankPolicy } from "@/components/policies/form-values";
import { PolicyForm } from "@/components/policies/policy-form";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/auth/session-ctx";

export const metadata: Metadata = { title: "New policy" };

export default async function NewPolicyPage() {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "policy:write")) return <Forbidden what="Writing policies" roles="OPS_SUPERVISOR or ADMIN" />;
  return (
    <>
      <PageHeader title="New policy" description="Saved as a draft: it has no effect until a supervisor activates it." />
      <PolicyForm mode={{ kind: "create" }} defaultValues={blankPolicy()} />
    </>
  );
}
