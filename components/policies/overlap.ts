/** An ACTIVE policy as the new-policy form needs it to warn about overlaps. */
export type ActiveContext = {
  urn: string;
  name: string;
  version: number;
  context: { airport: string | null; airline: string | null; country: string | null };
  tiers: string[];
};

export type Overlap = ActiveContext & { sameTiers: boolean; sharedTiers: string[] };

const norm = (v: string | null | undefined) => (v ? v.trim().toUpperCase() : null);

/**
 * The ACTIVE policies a new one would meet: the same airport, airline and country (empty = any,
 * so only empty matches empty) and at least one tier in common. With the same tier set it is the
 * same context, and activating the new one archives the old; with a partial overlap both stay
 * active and a passenger of a shared tier matches either.
 */
export function overlapsOf(draft: { context: { airport?: string | null; airline?: string | null; country?: string | null }; tiers: readonly string[] }, active: readonly ActiveContext[]): Overlap[] {
  const tiers = new Set(draft.tiers);
  if (tiers.size === 0) return [];
  return active.flatMap((p) => {
    const same =
      norm(p.context.airport) === norm(draft.context.airport) && norm(p.context.airline) === norm(draft.context.airline) && norm(p.context.country) === norm(draft.context.country);
    const shared = p.tiers.filter((t) => tiers.has(t));
    if (!same || shared.length === 0) return [];
    return [{ ...p, sharedTiers: shared, sameTiers: shared.length === p.tiers.length && shared.length === tiers.size }];
  });
}
