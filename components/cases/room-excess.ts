/**
 * How many rooms above what the case still needs count as "far more": a little slack (a family
 * split over two rooms, a late passenger) is normal; beyond it a typo (400 for 10) is likely.
 * Returns the excess when it is that large, else null.
 */
export function excessRooms(requested: number, stillNeeded: number): number | null {
  if (!Number.isFinite(requested)) return null;
  const excess = requested - Math.max(0, stillNeeded);
  return excess > Math.max(2, Math.ceil(stillNeeded * 0.2)) ? excess : null;
}
