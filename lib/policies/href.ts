// pure: used by client components (the audit table) as well as by pages and lib/audit
/** Where the console shows one policy: its row on the policies page, among the versions of its context. */
export function policyHref(urn: string): string {
  return `/policies#${policyAnchor(urn)}`;
}

export function policyAnchor(urn: string): string {
  return `policy-${urn.slice("urn:svc:policy:".length)}`;
}

const POLICY_URN = /urn:svc:policy:[0-9a-f-]{36}/g;

/** The policy URNs a free text (an audit reason, a decision reason) mentions. */
export function policyUrnsIn(texts: (string | null | undefined)[]): string[] {
  return texts.flatMap((t) => (t ? (t.match(POLICY_URN) ?? []) : []));
}

