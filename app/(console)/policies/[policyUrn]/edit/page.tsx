import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Forbidden } from "@/components/console/forbidden";
import { PageHeader } from "@/components/console/page-header";
import { StatusBadge } from "@/components/console/status-badge";
import { policyToForm } from "@/components/policies/form-values";
import { PolicyForm } from "@/components/policies/policy-form";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { policiesReturnTo } from "@/components/policies/return-to";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { getPolicy } from "@/lib/policies/load";

export const metadata: Metadata = { title: "Edit policy" };

export default async function EditPolicyPage({
  params,
  searchParams,
}: {
  params: Promise<{ policyUrn: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "policy:write")) return <Forbidden what="Writing policies" roles="OPS_SUPERVISOR or ADMIN" />;
  const urn = decodeSegment((await params).policyUrn);
  if (!isUrn(urn, "policy")) notFound();
  const policy = await getPolicy({ ctx, input: { policyUrn: urn } }).catch((err) => {
    if (err instanceof DomainError && err.status === 404) notFound();
    throw err;
  });
  const draft = policy.status === "DRAFT";
  const values = policyToForm(policy);
  return (
    <>
      <PageHeader
        title={draft ? `Edit draft v${policy.version}` : `New version of “${policy.name}”`}
        description={
          draft
            ? "Changes replace this draft. It has no effect until activated."
            : `Starts from v${policy.version}. Saved as the next version, a draft; v${policy.version} stays as it is until the draft is activated.`
        }
        actions={<StatusBadge status={policy.status} />}
      />
      <PolicyForm
        mode={draft ? { kind: "edit", policy } : { kind: "new-version", policy }}
        defaultValues={draft ? values : { ...values, provenance: undefined }}
        returnTo={policiesReturnTo(await searchParams)}
      />
    </>
  );
}
