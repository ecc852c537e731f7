/** A passenger as the split form shows them: a name to pick by, with what decides where they can sleep. */
export type SplitPassenger = { id: string; firstName: string | null; lastName: string | null; tier: string | null; specialNeeds: string[] };

/** A group the split form offers: only groups with no booking, since a booked group cannot be split. */
export type SplitGroup = { groupId: string; pnr: string; passengers: SplitPassenger[] };

/** A family name a split would send to two groups (and so, most likely, two hotels). */
export type SplitFamily = { family: string; stay: number; move: number };

const familyKey = (lastName: string | null) => lastName?.trim().toLowerCase() || null;

/** "MARTIN" reads as "Martin"; a name typed in mixed case ("de la Cruz") is kept as written. */
function familyLabel(lastName: string): string {
  const name = lastName.trim();
  return name === name.toUpperCase() ? name.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase()) : name;
}

/**
 * The family names that would be on both sides of a split: passengers sharing a last name
 * (case-insensitive) are most likely travelling together, so splitting them deserves a second look.
 * Passengers without a last name (erased, or missing from the manifest) belong to no family.
 */
export function familiesSplit(passengers: readonly SplitPassenger[], moving: ReadonlySet<string>): SplitFamily[] {
  const families = new Map<string, SplitFamily>();
  for (const p of passengers) {
    const key = familyKey(p.lastName);
    if (!key) continue;
    const f = families.get(key) ?? { family: familyLabel(p.lastName!), stay: 0, move: 0 };
    if (moving.has(p.id)) f.move++;
    else f.stay++;
    families.set(key, f);
  }
  return [...families.values()].filter((f) => f.stay > 0 && f.move > 0);
}

/** "Martin family: 2 stay, 1 moves" */
export function familyWarning({ family, stay, move }: SplitFamily): string {
  return `${family} family: ${stay} ${stay === 1 ? "stays" : "stay"}, ${move} ${move === 1 ? "moves" : "move"}`;
}

/** What a passenger is called in the form: "MARTIN Anne", or the id when the names are gone. */
export function passengerName(p: SplitPassenger): string {
  if (!p.lastName && !p.firstName) return `Passenger ${p.id} (no name on file)`;
  return [p.lastName?.toUpperCase(), p.firstName].filter(Boolean).join(" ");
}

/** The API's `into` for a two-way split: those who stay first (they keep the group id), then those who move. */
export function splitParts(group: SplitGroup, moving: ReadonlySet<string>): [string[], string[]] {
  const ids = group.passengers.map((p) => p.id);
  return [ids.filter((id) => !moving.has(id)), ids.filter((id) => moving.has(id))];
}
