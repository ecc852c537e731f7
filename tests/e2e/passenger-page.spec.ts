import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { SignInPage } from "./pages/sign-in";

/**
 * The passenger's page on a phone, as a passenger meets it: the link from the voucher email, no
 * sign-in. The spec signs the links itself with the e2e server's secret (scripts/e2e-server.ts
 * keeps it under .data-e2e), as the booking would in the email.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB" });
// the voucher opened from the page is the email's own document (no icon link): the browser asks for /favicon.ico
test.use({ allowConsoleErrors: [/favicon\.ico/] });

async function passengerLink(reservationUrn: string): Promise<string> {
  process.env.AUTH_SECRET ||= fs.readFileSync(path.join(process.cwd(), ".data-e2e", "auth-secret"), "utf8").trim();
  const { linkExpiry, signPassengerToken } = await import("@/lib/vouchers/link");
  return `/v/${signPassengerToken(reservationUrn, linkExpiry(new Date("2026-11-23T10:00:00Z")))}`;
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

/** A booked case's reservation, once CONFIRMED (its voucher issued). */
async function confirmedStay(page: Page): Promise<string> {
  const { reservationUrn } = await bookedCase(page);
  await expect(async () => {
    const res = await page.request.get(`/api/v1/booking/reservations/${encodeURIComponent(reservationUrn)}`);
    expect((await res.json()).status).toBe("CONFIRMED");
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  return reservationUrn;
}

test("a passenger opens the link on a phone, switches language, chooses another hotel and sees the new voucher; another declines the hotel", async ({ browser, page }) => {
  test.setTimeout(240_000);
  const desk = await browser.newContext();
  const deskPage = await desk.newPage();
  await new SignInPage(deskPage).signInAs("admin");
  const first = await confirmedStay(deskPage);
  const second = await confirmedStay(deskPage);
  await desk.close();

  // open link → status
  const link = await passengerLink(first);
  const res = await page.goto(link);
  expect(res?.headers()["cache-control"]).toContain("no-store");
  expect(res?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your hotel");
  const firstHotel = (await page.getByTestId("hotel-name").textContent())!;
  await expect(page.getByTestId("confirmation-code")).not.toBeEmpty();
  expect(await axe(page)).toEqual([]);
  const overflow = await page.locator("main").evaluate((m) => m.scrollWidth - m.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // what the group is owed and its meal vouchers (the demo's sandbox issuer issues them once the care is
  // assessed): drawn from the status the page polls, so they appear without a reload, and read well at 390 px
  await expect(page.getByTestId("care-owed")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("meal-voucher").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("meal-vouchers")).toContainText("Meal vouchers");
  expect(await axe(page)).toEqual([]);
  expect(await page.locator("main").evaluate((m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("passenger-care-390.png"), fullPage: true });

  // switch language → the page in French, <html lang> too, and it stays on the next visit
  await page.getByLabel("Language").selectOption("fr");
  await page.getByTestId("language-submit").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre hôtel");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await axe(page)).toEqual([]);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre hôtel");

  // choose a hotel → booked, the new voucher shown
  const choice = page.getByTestId("choose").first();
  await expect(choice).toBeVisible();
  await choice.click();
  await expect(page.getByTestId("outcome")).toContainText("C'est fait");
  const newHotel = (await page.getByTestId("hotel-name").textContent())!;
  expect(newHotel).not.toBe(firstHotel);
  await expect(page.getByTestId("choices")).toHaveCount(0);
  await page.getByTestId("voucher-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bon d'hôtel");
  await expect(page.locator("body")).toContainText(newHotel);

  // decline on another link, with a reason and a confirm step
  await page.goto(await passengerLink(second));
  await page.getByTestId("decline-reason").fill("staying with family");
  await page.getByTestId("decline-start").click();
  await page.getByTestId("decline-yes").click();
  await expect(page.getByTestId("declined")).toBeVisible();
  await expect(page.getByTestId("decline")).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
});

test("a language cookie that cannot be decoded (%zz) is ignored: the page still shows the stay", async ({ browser, page, baseURL }) => {
  test.setTimeout(180_000);
  const desk = await browser.newContext();
  const deskPage = await desk.newPage();
  await new SignInPage(deskPage).signInAs("admin");
  const stay = await confirmedStay(deskPage);
  await desk.close();
  await page.context().addCookies([{ name: "passenger_lang", value: "%zz", url: baseURL! }]);
  const res = await page.goto(await passengerLink(stay));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your hotel");
});

test("a forged link shows a friendly page that reveals nothing", async ({ page }) => {
  await page.goto("/v/not-a-real-token");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Voucher not found");
  expect(await axe(page)).toEqual([]);
});
