import { expect, test } from "./fixtures";
import { createCaseWithHeldGroup } from "./pages/wave";
import { SignInPage } from "./pages/sign-in";

/** The review item the intake raised for a case (its mixed-tier PNR). */
async function itemOf(page: import("@playwright/test").Page, caseUrn: string): Promise<string> {
  const res = await page.request.get(`/api/v1/manual-review?caseUrn=${encodeURIComponent(caseUrn)}`);
  expect(res.status()).toBe(200);
  const urn = (await res.json()).items[0]?.urn as string;
  expect(urn).toBeTruthy();
  return urn;
}

/** Presses j once per row down to the item: the first press selects the first row. */
async function walkTo(page: import("@playwright/test").Page, urn: string) {
  const urns = await page.getByTestId("review-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-urn")));
  const index = urns.indexOf(urn);
  expect(index, "the item is in the queue").toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await page.keyboard.press("j");
}

test("the review queue by keyboard: j/k select, c claims, Enter opens, and on the item ? r c", async ({ page }) => {
  // an admin may both create cases through the API and act on review items
  await new SignInPage(page).signInAs("admin");
  const first = await itemOf(page, (await createCaseWithHeldGroup(page)).caseUrn);
  const second = await itemOf(page, (await createCaseWithHeldGroup(page)).caseUrn);

  await page.goto("/review");
  await expect(page.getByTestId("review-row").first()).toBeVisible();
  const selected = page.locator("[data-testid=review-row][data-kbd-selected]");
  // walk down with j to our first item (the queue holds others, most urgent first)
  await walkTo(page, first);
  await expect(selected).toHaveAttribute("data-urn", first);
  // the selection is the focus: visible, and what a screen reader reads
  await expect(selected.getByTestId("review-item-link")).toBeFocused();
  if ((await page.getByTestId("review-row").first().getAttribute("data-urn")) !== first) {
    await page.keyboard.press("k");
    await expect(selected).not.toHaveAttribute("data-urn", first);
    await page.keyboard.press("j");
    await expect(selected).toHaveAttribute("data-urn", first);
  }

  await page.keyboard.press("c");
  await expect(page.locator(`[data-testid=review-row][data-urn="${first}"]`)).toHaveAttribute("data-state", "CLAIMED");

  // typing in a filter is not a shortcut
  await page.getByTestId("review-filter-priority").focus();
  await page.keyboard.press("j");
  await expect(page.getByTestId("review-filter-priority")).toBeFocused();

  // open the second item with Enter
  await page.goto("/review");
  const target = page.locator(`[data-testid=review-row][data-urn="${second}"]`);
  await expect(target).toBeVisible();
  await walkTo(page, second);
  await expect(selected).toHaveAttribute("data-urn", second);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/review/${second}`);
  await expect(page.getByTestId("shortcuts-open")).toBeVisible();

  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcuts-help")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcuts-help")).toHaveCount(0);

  await page.keyboard.press("r");
  const focusedInRecommendations = await page.evaluate(() => document.activeElement?.closest("[data-testid=review-recommendations]") !== null);
  expect(focusedInRecommendations).toBe(true);

  await page.keyboard.press("c");
  await expect(page.getByTestId("review-release")).toBeVisible();
});
