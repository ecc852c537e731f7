/** The filters of the policies list a form was opened from, carried as ?status=&airport= so saving goes back to them. */
const KEPT = ["status", "airport"] as const;

export function policiesQuery(filters: Partial<Record<(typeof KEPT)[number], string | undefined>>): string {
  const p = new URLSearchParams();
  for (const k of KEPT) if (filters[k]) p.set(k, filters[k]!);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Where a policy form returns after saving: the list, with the filters it was opened from (only known ones, only plain values). */
export function policiesReturnTo(sp: Record<string, string | string[] | undefined>): string {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const clean = (v: string | undefined) => (v && /^[A-Za-z_]{1,20}$/.test(v) ? v : undefined);
  return `/policies${policiesQuery({ status: clean(one(sp.status)), airport: clean(one(sp.airport)) })}`;
}
