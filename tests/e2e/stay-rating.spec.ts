import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { SignInPage } from "./pages/sign-in";

/**
 * Stay quality (issue 22) on a phone: a passenger rates the stay from the link's page, once. The
 * spec signs the link itself with the e2e server's secret, as passenger-page.spec.ts does.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB" });

async function passengerLink(reservationUrn: string): Promise<string> {
  process.env.AUTH_SECRET ||= fs.readFileSync(path.join(process.cwd(), ".data-e2e", "auth-secret"), "utf8").trim();
  const { signPassengerToken } = await import("@/lib/vouchers/link");
  return `/v/${signPassengerToken(reservationUrn, Math.floor(Date.now() / 1000) + 3 * 86_400)}`;
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

test("a passenger rates their stay on a phone: stars, what went wrong, a comment; then a thank-you, and only once", async ({ browser, page }) => {
  test.setTimeout(240_000);
  const desk = await browser.newContext();
  const deskPage = await desk.newPage();
  await new SignInPage(deskPage).signInAs("admin");
  const { reservationUrn } = await bookedCase(deskPage);
  await expect(async () => {
    const res = await deskPage.request.get(`/api/v1/booking/reservations/${encodeURIComponent(reservationUrn)}`);
    expect((await res.json()).status).toBe("CONFIRMED");
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });

  const link = await passengerLink(reservationUrn);
  await page.goto(link);
  const card = page.getByTestId("rate-stay");
  await expect(card.getByRole("heading", { name: "Rate your stay" })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  expect(await page.locator("main").evaluate((m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);

  // sending without a score says what is missing, and sends nothing
  await card.getByTestId("rate-submit").click();
  await expect(card.getByTestId("rate-error")).toHaveText("Choose a rating from 1 to 5 first.");

  await card.getByRole("radio", { name: /2 – bad/ }).check();
  await card.getByRole("checkbox", { name: "No shuttle" }).check();
  await card.getByRole("checkbox", { name: "Noisy" }).check();
  await card.getByLabel("Comment (optional)").fill("We waited an hour for a shuttle that never came.");
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("rate-stay-390.png"), fullPage: true });
  await card.getByTestId("rate-submit").click();
  await expect(card.getByTestId("rate-thanks")).toHaveText("Thank you: you rated this stay 2 out of 5.");
  expect(await axe(page)).toEqual([]);

  // a reload shows the thank-you, not the form; the API refuses a second rating
  await page.reload();
  await expect(page.getByTestId("rate-thanks")).toBeVisible();
  await expect(page.getByTestId("rate-submit")).toHaveCount(0);
  const again = await page.request.post(`/api/v1${link.replace(/^\/v\//, "/passenger/")}/rating`, { data: { score: 5 } });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe("ALREADY_RATED");

  // the desk sees the rating counted in the hotel's quality
  const { hotelUrn } = await (await deskPage.request.get(`/api/v1/booking/reservations/${encodeURIComponent(reservationUrn)}`)).json();
  const quality = await (await deskPage.request.get(`/api/v1/hotels/${encodeURIComponent(hotelUrn)}/quality`)).json();
  expect(quality.ratings).toBeGreaterThanOrEqual(1);
  expect(quality.tags.map((t: { tag: string }) => t.tag)).toEqual(expect.arrayContaining(["NO_SHUTTLE", "NOISY"]));
  await desk.close();
});
