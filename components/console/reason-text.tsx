import Link from "next/link";
import type { PolicyName } from "@/lib/policies/names";
import { policyHref } from "@/lib/policies/href";

const POLICY_URN = /(urn:svc:policy:[0-9a-f-]{36})/;

/**
 * A reason as people read it: "auto-approved under policy urn:svc:policy:… v3" shows the policy's
 * name, linked, with the URN in its tooltip. Other text is left as written.
 */
export function ReasonText({ text, policies }: { text: string; policies: Record<string, PolicyName> }) {
  const parts = text.split(POLICY_URN);
  return (
    <>
      {parts.map((part, i) => {
        const policy = i % 2 === 1 ? policies[part] : undefined;
        if (i % 2 === 0 || !policy) return <span key={i}>{part}</span>;
        return (
          <Link key={i} href={policyHref(part)} title={part} className="text-primary underline underline-offset-2" data-testid="policy-name-link">
            “{policy.name}”
          </Link>
        );
      })}
    </>
  );
}
