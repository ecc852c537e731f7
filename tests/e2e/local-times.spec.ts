import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { openSection } from "./pages/case";
import { SignInPage } from "./pages/sign-in";

// the cases of these journeys leave CDG at 2026-11-21T18:05Z: 19:05 in Paris (CET, UTC+1)
const LOCAL = "Sat 21 Nov 19:05 CET";
const UTC = "Sat 21 Nov 18:05 UTC";
// every SLA on every page reads one way
const SLA_WORDING = /^(due in (less than 1 min|\d+ min|\d+ h( \d+ min)?)|overdue by (less than 1 min|\d+ min|\d+ h( \d+ min)?)|overdue, escalates again in .+)$/;

test.describe("times in the airport's zone, as an ops supervisor", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("a CDG case reads in Paris time with its zone and the UTC instant on hover; the Local / UTC toggle survives a reload", async ({ page }) => {
    const booked = await bookedCase(page);
    await page.goto(`/cases/${encodeURIComponent(booked.caseUrn)}`);

    const scheduled = page.getByTestId("case-scheduled");
    await expect(scheduled).toContainText(LOCAL);
    await expect(scheduled).toHaveAttribute("title", UTC);
    await expect(scheduled).toHaveAttribute("datetime", "2026-11-21T18:05:00.000Z");
    await expect(page.getByTestId("case-next-flight-time")).toContainText("Sun 22 Nov 10:30 CET");
    await expect(page.getByTestId("case-created")).toContainText(/ CES?T$|CES?T \(/);
    await expect(page.getByTestId("case-zone")).toContainText(/CDG · CES?T \(UTC\+[12]\) · Europe\/Paris/);
    // bookings and waves on the case page carry the zone too, never a bare "Z"
    const bookings = page.getByTestId("reservations-panel-table");
    await expect(bookings.locator("time").first()).toContainText(/CES?T/);
    await expect(page.getByTestId("case-waves-table").locator("time").first()).toContainText(/CES?T/);
    await expect(page.locator("main")).not.toContainText(/\d\d:\d\dZ\b/);

    // the toggle: every time on the page switches to UTC at once, the local reading moves to the hover
    await page.getByTestId("time-mode-utc").click();
    await expect(page.getByTestId("time-mode-utc")).toHaveAttribute("aria-pressed", "true");
    await expect(scheduled).toContainText(UTC);
    await expect(scheduled).toHaveAttribute("title", LOCAL);
    await expect(bookings.locator("time").first()).toContainText(/ UTC/);
    // ...and the server renders the same choice on the next request (no hydration mismatch: the fixture fails on one)
    await page.reload();
    await expect(page.getByTestId("case-scheduled")).toContainText(UTC);
    await expect(page.getByTestId("case-scheduled")).toHaveAttribute("data-mode", "utc");
    await expect(page.getByTestId("time-mode-utc")).toHaveAttribute("aria-pressed", "true");
    await page.goto(`/waves/${encodeURIComponent(booked.waveUrn)}`);
    await expect(page.getByTestId("wave-created")).toContainText(/ UTC/);

    await page.getByTestId("time-mode-local").click();
    await expect(page.getByTestId("wave-created")).toContainText(/CES?T/);
    await page.reload();
    await expect(page.getByTestId("wave-created")).toHaveAttribute("data-mode", "local");

    // the review item: its SLA in the one wording, and when it falls due in Paris time
    await page.goto(`/review/${encodeURIComponent(booked.itemUrn)}`);
    const itemSla = page.getByTestId("review-item-sla");
    await expect(itemSla).toHaveText(SLA_WORDING);
    await expect(itemSla).toHaveAttribute("title", /^Due \w{3} \d+ \w{3} \d\d:\d\d CES?T \(\d\d:\d\d UTC\)$/);
    await expect(page.getByTestId("review-item-sla-line").locator("time")).toContainText(/CES?T/);

    // the review queue says it the same way
    await page.goto("/review");
    const queueSla = page.getByTestId("review-sla").filter({ hasText: /./ });
    await expect(queueSla.first()).toBeVisible();
    for (const text of await queueSla.allTextContents()) if (text !== "—") expect(text).toMatch(SLA_WORDING);

    // transport: the booked family's pickups (planned as its reservation confirmed) read in Paris time
    await expect(async () => {
      const res = await page.request.get(`/api/v1/transport/segments?caseUrn=${encodeURIComponent(booked.caseUrn)}`);
      expect(res.status()).toBe(200);
      expect((await res.json()).items.length).toBeGreaterThan(0);
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
    await page.goto("/transport?airport=CDG");
    const pickup = page.getByTestId("segment-pickup").first();
    await expect(pickup).toContainText(/^\w{3} \d+ \w{3} \d\d:\d\d CES?T/);
    await expect(pickup).toHaveAttribute("title", /UTC$/);
    await page.goto(`/cases/${encodeURIComponent(booked.caseUrn)}`);
    const casePickup = page.getByTestId("case-transport-table").getByTestId("segment-pickup").first();
    await expect(casePickup).toContainText(/CES?T/);
    // retiming takes the pickup in the clock shown: Paris wall time (CET in November: UTC+1), the zone named
    const iso = await casePickup.getAttribute("datetime");
    await openSection(page, "case-transport");
    await page.getByTestId("case-transport-table").getByTestId("segment-retime").first().click();
    await expect(page.getByTestId("segment-retime-at")).toHaveValue(new Date(Date.parse(iso!) + 3_600_000).toISOString().slice(0, 16));
    await expect(page.getByText("Pickup (CET)", { exact: true })).toBeVisible();
  });

  test("the board names each airport with its zone, and its SLA clocks share the one wording", async ({ page }) => {
    await bookedCase(page);
    await page.goto("/board?airport=CDG");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/CDG · CES?T \(UTC\+[12]\)/);
    await expect(page.getByTestId("board-updated")).toHaveText(/^\d\d:\d\d:\d\d CES?T$/);
    for (const option of await page.getByTestId("board-airport").locator("option").allTextContents()) {
      expect(option).toMatch(/^[A-Z]{3} · \S+/);
    }
    const clocks = page.getByTestId("board-sla");
    await expect(clocks.first()).toBeVisible();
    for (const text of await clocks.allTextContents()) expect(text).toMatch(SLA_WORDING);
    await expect(clocks.first()).toHaveAttribute("title", /^Due .* CES?T \(\d\d:\d\d UTC\)$/);

    // another zone on the same board page: LHR in London time (GMT in winter, BST in summer)
    await page.goto("/board?airport=LHR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/LHR · (GMT|BST)/);
  });
});

test("the Local / UTC toggle fits the header from a small tablet up, and sits in the menu on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await new SignInPage(page).signInAs("supervisor");
  await page.goto("/cases");
  await expect(page.getByTestId("time-mode")).toBeVisible();
  const header = page.locator("header");
  expect(await header.evaluate((h) => h.scrollWidth - h.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("time-mode")).toBeHidden();
  await page.getByTestId("mobile-menu-open").click();
  await page.getByTestId("mobile-menu").getByTestId("time-mode-utc").click();
  await page.keyboard.press("Escape");
  await page.reload();
  await page.getByTestId("mobile-menu-open").click();
  await expect(page.getByTestId("mobile-menu").getByTestId("time-mode-utc")).toHaveAttribute("aria-pressed", "true");
});
