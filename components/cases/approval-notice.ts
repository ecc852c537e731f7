/**
 * What an approval did, in words, when not every approved room has a group to place: rooms no
 * group waits for are held for passengers added later (lib/records/held-rooms.ts), and the toast
 * says so instead of "allocation started".
 */
export function approvalNotice(demand: { roomsRequested: number; heldForLater?: number }): string | undefined {
  const held = demand.heldForLater ?? 0;
  if (held <= 0) return undefined;
  const rooms = (n: number) => `${n} room${n === 1 ? "" : "s"}`;
  if (held >= demand.roomsRequested) return `No group is waiting: ${rooms(held)} held for passengers added later`;
  return `${rooms(demand.roomsRequested - held)} for the waiting groups, allocation started; ${rooms(held)} held for passengers added later`;
}
