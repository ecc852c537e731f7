/** The longest wait we issue meals for in one go: a guard against a next departure weeks away. */
export const MAX_MEALS = 12;

export type MealSlot = { seq: number; owedFrom: Date; validUntil: Date };

/**
 * The meals of a wait (pure): the first owed at the scheduled departure + `fromMinutes`, each next
 * one `everyMinutes` later, while it falls before the next departure; always at least the first
 * (a passenger owed a meal gets one, however short the wait); only the first while the next
 * departure is not known. Each is valid until the next one is owed or the next departure, whichever
 * comes first (at least an hour, so a voucher owed just before boarding can still be spent).
 */
export function mealSchedule(input: { scheduledDeparture: Date; fromMinutes: number; everyMinutes: number; nextDeparture: Date | null }): MealSlot[] {
  const first = input.scheduledDeparture.getTime() + input.fromMinutes * 60_000;
  const every = Math.max(1, input.everyMinutes) * 60_000;
  const next = input.nextDeparture?.getTime() ?? null;
  const slots: MealSlot[] = [];
  for (let seq = 1; seq <= MAX_MEALS; seq++) {
    const at = first + (seq - 1) * every;
    if (seq > 1 && (next === null || at >= next)) break;
    const end = Math.max(at + 60 * 60_000, Math.min(at + every, next ?? at + every));
    slots.push({ seq, owedFrom: new Date(at), validUntil: new Date(end) });
  }
  return slots;
}
