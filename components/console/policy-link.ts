/** Where the console shows one policy: its row on the policies page, among the versions of its context. */
export function policyHref(urn: string): string {
  return `/policies#${policyAnchor(urn)}`;
}

export function policyAnchor(urn: string): string {
  return `policy-${urn.slice("urn:svc:policy:".length)}`;
}
