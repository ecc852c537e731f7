import { expect, type Page } from "@playwright/test";
import { approveRooms, createCaseWithHeldGroup } from "./wave";

export type BookedCase = { caseUrn: string; waveUrn: string; reservationUrn: string; itemUrn: string };

/**
 * A CDG case whose first wave has run and whose placed family has a CONFIRMED reservation, through
 * the API with the signed-in session: what the pages of a case, a wave, a voucher and a review item
 * need. CONFIRMED, not only listed: a wave's chunk lists its stays PENDING while it asks the hotels,
 * and a PENDING stay has no voucher yet (404, docs/booking-and-reservations.md).
 */
export async function bookedCase(page: Page): Promise<BookedCase> {
  const { caseUrn, roomsNeeded } = await createCaseWithHeldGroup(page);
  await approveRooms(page, caseUrn, roomsNeeded);
  let reservation: { urn: string; waveUrn: string } | undefined;
  await expect(async () => {
    const res = await page.request.get(`/api/v1/booking/reservations?caseUrn=${encodeURIComponent(caseUrn)}`);
    expect(res.status()).toBe(200);
    reservation = ((await res.json()).items as { urn: string; waveUrn: string; status: string }[]).find((r) => r.status === "CONFIRMED");
    expect(reservation).toBeDefined();
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
  const items = await page.request.get(`/api/v1/manual-review?caseUrn=${encodeURIComponent(caseUrn)}`);
  expect(items.status()).toBe(200);
  const itemUrn = (await items.json()).items[0]?.urn as string;
  expect(itemUrn).toBeTruthy();
  return { caseUrn, waveUrn: reservation!.waveUrn, reservationUrn: reservation!.urn, itemUrn };
}
