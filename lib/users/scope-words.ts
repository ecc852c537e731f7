/**
 * What an account acts on, in words, for the sign-in page's demo list and wherever an account is
 * described: a hotel user acts for their hotel(s) in the extranet, whatever their airports claim
 * says ("Hôtel du Terminal (CDG) only"), everyone else for their airports ("all airports",
 * "CDG, ORY"). Pure: the caller resolves the hotels' names.
 */
export function scopeWords(a: { roles: readonly string[]; airports: readonly string[]; hotels?: readonly { name: string | null; airport: string | null }[] }): string {
  if (a.roles.includes("HOTEL")) {
    const hotels = (a.hotels ?? []).map((h) => (h.name ? `${h.name}${h.airport ? ` (${h.airport})` : ""}` : "a hotel no longer listed"));
    if (hotels.length === 0) return "no hotel yet";
    return hotels.length === 1 ? `${hotels[0]} only` : `${hotels.length} hotels: ${hotels.join(", ")}`;
  }
  if (a.airports.includes("*")) return "all airports";
  return a.airports.length ? a.airports.join(", ") : "no airports";
}
