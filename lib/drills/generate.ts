import { z } from "zod";
import { UtcTimestamp } from "@/lib/primitives";
import { prng, type Rng } from "@/lib/prng";
import { HUBS } from "@/lib/providers/world";
import { TIERS, type Tier } from "@/lib/vocabulary";

/** The airports a drill may play at: the demo hubs, where the sandboxes have hotels. */
export const DRILL_AIRPORTS = Object.keys(HUBS) as [string, ...string[]];

const Percent = z.number().int().min(0).max(100);

export const TierMix = z
  .object({ FIRST: Percent, BUSINESS: Percent, PREMIUM_ECONOMY: Percent, ECONOMY: Percent, CREW: Percent })
  .refine((m) => TIERS.reduce((s, t) => s + m[t], 0) === 100, { message: "the tier percentages must add up to 100" })
  .meta({ id: "DrillTierMix", description: "percentage of the passengers per tier, whole numbers adding up to 100" });
export type TierMix = z.infer<typeof TierMix>;

export const DrillSpec = z
  .object({
    passengers: z.number().int().min(1).max(5000).meta({ description: "the drill's size: passengers on the cancelled flight" }),
    airport: z.enum(DRILL_AIRPORTS).meta({ description: "one of the demo hubs" }),
    tierMix: TierMix,
    departure: UtcTimestamp.meta({ description: "the cancelled flight's scheduled departure" }),
    nextFlight: UtcTimestamp.meta({ description: "the re-accommodation flight's departure; after `departure`" }),
    seed: z.number().int().min(0).max(2 ** 31 - 1).default(1).meta({ description: "the same seed and inputs make the same manifest" }),
  })
  .refine((s) => Date.parse(s.nextFlight) > Date.parse(s.departure), { message: "must be after the cancelled flight's departure", path: ["nextFlight"] })
  .meta({ id: "DrillSpec" });
export type DrillSpec = z.output<typeof DrillSpec>;

export type DrillPassenger = { id: string; firstName: string; lastName: string; tier: Tier; email: string; specialNeeds: string[] };
export type DrillManifest = {
  externalEventId: string;
  flight: { number: string; origin: string; destination: string; scheduledDeparture: string; status: "CANCELLED" };
  nextFlight: { number: string; scheduledDeparture: string };
  passengerGroups: { pnr: string; groupId?: string; passengers: DrillPassenger[] }[];
};

// how many passengers travel on one booking record, by weight: mostly alone or in pairs, a few families
const PNR_SIZES: readonly [size: number, weight: number][] = [
  [1, 52],
  [2, 27],
  [3, 9],
  [4, 8],
  [5, 3],
  [6, 1],
];
// crew are housed one to a room, and book as small crew groups
const CREW_SIZES: readonly [number, number][] = [
  [1, 50],
  [2, 35],
  [3, 15],
];
/** About one passenger in seventy asks for a wheelchair (and a drill of ten or more has at least one). */
const WHEELCHAIR_RATE = 1 / 70;

const FIRST_NAMES = ["Amelia", "Noah", "Olivia", "Liam", "Emma", "Lucas", "Mia", "Hugo", "Chloé", "Louis", "Sofia", "Mateo", "Yuki", "Aarav", "Fatima", "Omar", "Ingrid", "Lars", "Zoë", "Daniel", "Priya", "Kenji", "Ana", "Jonas", "Léa", "Marco", "Aisha", "Tom", "Elena", "Samuel"];
const LAST_NAMES = ["Smith", "Martin", "Müller", "Garcia", "Rossi", "Dubois", "Jansen", "Nakamura", "Kowalski", "Silva", "Patel", "Khan", "Andersson", "Novak", "Fischer", "Moreau", "Lopez", "Bernard", "Tanaka", "Brown", "Okafor", "Haddad", "Costa", "Weber", "Ivanova", "Murphy", "Leroy", "Schmidt", "Nguyen", "Cohen"];
const PNR_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A realistic manifest for a drill, pure and seeded: exactly `passengers` passengers, split over
 * the tiers by the mix (largest remainder, so the counts add up), in single-tier booking records of
 * realistic sizes (crew in crew groups), some passengers in wheelchairs, addresses on the reserved
 * `.example` domain (nothing can reach a real mailbox even if a message escaped). The destination
 * is another hub. The same spec always gives the same manifest.
 */
export function generateManifest(spec: DrillSpec): DrillManifest {
  const rng = prng(spec.seed * 7919 + hash(`${spec.airport}|${spec.passengers}|${spec.departure}`));
  const counts = tierCounts(spec.passengers, spec.tierMix);
  const groups: { tier: Tier; size: number }[] = [];
  for (const tier of TIERS) {
    let left = counts[tier];
    while (left > 0) {
      const size = Math.min(left, weighted(rng, tier === "CREW" ? CREW_SIZES : PNR_SIZES));
      groups.push({ tier, size });
      left -= size;
    }
  }
  shuffle(rng, groups);

  const pnrs = new Set<string>();
  let n = 0;
  let crew = 0;
  const passengerGroups = groups.map((g) => {
    const pnr = uniquePnr(rng, pnrs);
    const lastName = rng.pick(LAST_NAMES);
    const passengers = Array.from({ length: g.size }, () => {
      n += 1;
      const firstName = rng.pick(FIRST_NAMES);
      const specialNeeds = rng.next() < WHEELCHAIR_RATE && g.tier !== "CREW" ? ["WHEELCHAIR"] : [];
      return { id: `D${String(n).padStart(5, "0")}`, firstName, lastName, tier: g.tier, email: `${ascii(firstName)}.${ascii(lastName)}.${n}@drill.example`, specialNeeds };
    });
    return g.tier === "CREW" ? { pnr, groupId: `CREW${++crew}`, passengers } : { pnr, passengers };
  });
  const all = passengerGroups.flatMap((g) => g.passengers).filter((p) => p.tier !== "CREW");
  if (spec.passengers >= 10 && all.length > 0 && !all.some((p) => p.specialNeeds.includes("WHEELCHAIR"))) all[rng.int(all.length)].specialNeeds = ["WHEELCHAIR"];

  const destinations = DRILL_AIRPORTS.filter((a) => a !== spec.airport);
  const number = `DR${100 + rng.int(9900)}`;
  return {
    externalEventId: `drill:${spec.airport}:${spec.departure}:${spec.passengers}:${spec.seed}`,
    flight: { number, origin: spec.airport, destination: rng.pick(destinations), scheduledDeparture: spec.departure, status: "CANCELLED" },
    nextFlight: { number: `DR${100 + rng.int(9900)}`, scheduledDeparture: spec.nextFlight },
    passengerGroups,
  };
}

/** Passengers per tier: the mix applied to the size, remainders handed out largest first (ties in tier order). */
export function tierCounts(size: number, mix: TierMix): Record<Tier, number> {
  const exact = TIERS.map((t) => ({ t, v: (size * mix[t]) / 100 }));
  const counts = Object.fromEntries(exact.map(({ t, v }) => [t, Math.floor(v)])) as Record<Tier, number>;
  let left = size - TIERS.reduce((s, t) => s + counts[t], 0);
  for (const { t } of [...exact].sort((a, b) => b.v - Math.floor(b.v) - (a.v - Math.floor(a.v)))) {
    if (left <= 0) break;
    if (mix[t] === 0) continue;
    counts[t] += 1;
    left -= 1;
  }
  return counts;
}

function weighted(rng: Rng, table: readonly (readonly [number, number])[]): number {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [size, w] of table) {
    r -= w;
    if (r < 0) return size;
  }
  return table[0][0];
}

function shuffle<T>(rng: Rng, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
}

function uniquePnr(rng: Rng, seen: Set<string>): string {
  for (;;) {
    const pnr = Array.from({ length: 6 }, () => rng.pick([...PNR_ALPHABET])).join("");
    if (!seen.has(pnr)) {
      seen.add(pnr);
      return pnr;
    }
  }
}

const ascii = (s: string) => s.normalize("NFD").replace(/[^A-Za-z]/g, "").toLowerCase();

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
