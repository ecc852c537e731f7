export const MANIFEST_FIELDS = ["firstName", "lastName", "tier"] as const;
export type ManifestField = (typeof MANIFEST_FIELDS)[number];

type Fields = { firstName: string | null; lastName: string | null; tier: string | null; erasedAt?: Date | null };

/**
 * The required manifest fields a stored passenger lacks (null), in payload order. An erased
 * passenger's names were known and are gone on purpose: they are not missing.
 */
export function missingFields(p: Fields): ManifestField[] {
  return MANIFEST_FIELDS.filter((f) => p[f] === null && !(p.erasedAt && f !== "tier"));
}

/** A group is incomplete while any passenger lacks a name or a tier. */
export function isIncomplete(passengers: readonly Fields[]): boolean {
  return passengers.some((p) => missingFields(p).length > 0);
}
