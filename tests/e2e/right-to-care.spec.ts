import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case";
import { SignInPage } from "./pages/sign-in";
import { approveRooms } from "./pages/wave";

const MEALS = "meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation)";
const HOTEL = "hotel and transfers owed (EU261 Art. 5(1)(b), 9(1)(b),(c): the new flight leaves the next day)";

/** The case: Paris → New York cancelled at 18:05 Paris time (crew shortage), next flight 09:10 tomorrow; a wheelchair user in the second group. */
async function cancelledCase(page: Page): Promise<{ urn: string; roomsNeeded: number }> {
  const stamp = `${Date.now()}`;
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-care-${stamp}`,
      flight: { number: "AF22", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T17:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF24", scheduledDeparture: "2026-11-22T08:10:00Z" },
      disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
      passengerGroups: [
        { pnr: `RC${stamp.slice(-5)}`, passengers: [1, 2].map((i) => ({ id: `rc${i}-${stamp}`, firstName: "Rita", lastName: `Care${i}`, tier: "ECONOMY" })) },
        { pnr: `RW${stamp.slice(-5)}`, passengers: [{ id: `rw-${stamp}`, firstName: "Walter", lastName: "Wheels", tier: "ECONOMY", specialNeeds: ["WHEELCHAIR"] }] },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const record = await res.json();
  return { urn: record.urn, roomsNeeded: record.roomsNeeded };
}

test("the case page says who is owed what and why, the priority passenger badged", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await new SignInPage(page).signInAs("supervisor");
  const c = await cancelledCase(page);
  const api = await page.request.get(`/api/v1/cases/${encodeURIComponent(c.urn)}/care`);
  expect(api.status()).toBe(200);
  expect(await api.json()).toMatchObject({ regimes: ["EU261"], summary: { MEAL: 3, HOTEL: 3, priority: 1 } });

  await new CasePage(page).goto(c.urn);
  const panel = page.getByTestId("case-care");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("care-disruption")).toContainText("cancellation, within the airline's control");
  await expect(panel.getByTestId("care-disruption")).toContainText("CDG (FR) → JFK (US)");
  await expect(panel.getByTestId("care-disruption")).toContainText("wait 15 h 5 min, overnight");
  // the two economy passengers share a row; the wheelchair user has their own, badged
  await expect(panel.getByTestId("care-row")).toHaveCount(2);
  await expect(panel.getByTestId("care-sentence").filter({ hasText: MEALS })).toHaveCount(2);
  await expect(panel.getByTestId("care-sentence").filter({ hasText: HOTEL })).toHaveCount(2);
  const priority = panel.getByTestId("care-row").filter({ has: page.getByTestId("care-priority") });
  await expect(priority).toHaveCount(1);
  await expect(priority).toContainText("Walter W.");
  await expect(priority.getByTestId("care-priority")).toHaveText("priority: reduced mobility / unaccompanied child, EU261 Art. 11");
  // the assessment job stores version 1 soon after intake; a page drawn before it says the care is decided now, not stored yet
  await expect(panel.getByTestId("care-version")).toContainText(/Version 1 \(case created\), decided|Not stored yet: decided now/);
  await panel.screenshot({ path: test.info().outputPath("care-1280.png") });

  // readable on a phone: nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await panel.screenshot({ path: test.info().outputPath("care-390.png") });
});

test("the voucher prints the right to care with its basis", async ({ page }) => {
  await new SignInPage(page).signInAs("supervisor");
  const c = await cancelledCase(page);
  await approveRooms(page, c.urn, c.roomsNeeded);
  const casePath = `/cases/${encodeURIComponent(c.urn)}`;
  // booked by the jobs and its voucher stored: wait for the print-all page with both vouchers
  await expect(async () => {
    const res = await page.request.get(`${casePath}/vouchers/print`);
    expect(res.status()).toBe(200);
    expect((await res.text()).match(/class="voucher"/g) ?? []).toHaveLength(2);
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });

  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await page.goto(`${casePath}/vouchers/print`);
  const vouchers = page.locator("section.voucher");
  await expect(vouchers).toHaveCount(2);
  for (const v of await vouchers.all()) {
    await expect(v).toContainText("Your right to care");
    await expect(v).toContainText("- Meals and drinks now (EU261 Art. 5(1)(b), 9(1)(a))");
    await expect(v).toContainText("- A hotel tonight (EU261 Art. 5(1)(b), 9(1)(b))");
    await expect(v).toContainText("- The transfer between the airport and the hotel (EU261 Art. 5(1)(b), 9(1)(c))");
  }
});
