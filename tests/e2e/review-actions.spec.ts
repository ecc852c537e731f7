import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCase } from "./pages/case";
import { SignInPage } from "./pages/sign-in";

let seq = 0;

/** Rooms requested through the API as the signed-in user: 60 for a small case is above every automatic ceiling, so it waits. */
async function requestRooms(page: Page, caseUrn: string, rooms: number) {
  const res = await page.request.post(`/api/v1/demand/case/${encodeURIComponent(caseUrn)}`, { data: { type: "INITIAL", roomsRequested: rooms } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { urn: string; status: string };
}

/**
 * A CDG case whose one PNR spans two tiers (a MIXED_TIER_GROUP review item), with its rooms approved
 * so a wave searches hotels: the item's override then picks from that wave's ranked offers.
 */
async function mixedTierItem(page: Page) {
  const stamp = `${Date.now()}-${seq++}`;
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-review-actions-${stamp}`,
      flight: { number: "AF1310", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1312", scheduledDeparture: "2026-11-22T09:30:00Z" },
      passengerGroups: [
        {
          pnr: `RA${String(Date.now()).slice(-4)}${seq}`,
          passengers: [
            { id: `ra-a-${stamp}`, firstName: "Rosa", lastName: "Alves", tier: "BUSINESS" },
            { id: `ra-b-${stamp}`, firstName: "Tiago", lastName: "Alves", tier: "ECONOMY" },
          ],
        },
        // a one-tier group beside it, so the wave searches the airport's hotels
        { pnr: `RS${String(Date.now()).slice(-4)}${seq}`, passengers: [{ id: `ra-c-${stamp}`, firstName: "Vera", lastName: "Sousa", tier: "ECONOMY" }] },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const caseUrn = (await res.json()).urn as string;
  const demand = await requestRooms(page, caseUrn, 2);
  if (demand.status === "REQUESTED") {
    const ok = await page.request.post(`/api/v1/demand/${encodeURIComponent(demand.urn)}/approve`, { data: { reason: "e2e: rooms for the review item" } });
    expect(ok.status(), await ok.text()).toBe(200);
  }
  const list = await page.request.get("/api/v1/manual-review?limit=100");
  expect(list.status()).toBe(200);
  const item = ((await list.json()).items as { urn: string; caseUrn: string; category: string }[]).find((i) => i.caseUrn === caseUrn && i.category === "MIXED_TIER_GROUP");
  expect(item, "the mixed-tier item").toBeTruthy();
  return { caseUrn, itemUrn: item!.urn };
}

/** The item page once its case's wave has run: the override's hotel picker lists its ranked hotels. */
async function openItemWithOffers(page: Page, itemUrn: string) {
  await expect(async () => {
    await page.goto(`/review/${encodeURIComponent(itemUrn)}`);
    // an operator's override is one tab among the actions; a supervisor's is on the card itself
    const tab = page.getByRole("tab", { name: "Override" });
    if (await tab.count()) await tab.click();
    expect(await page.getByTestId("review-override-hotel").locator("option").count()).toBeGreaterThan(1);
  }).toPass({ timeout: 60_000 });
}

test.describe("as an ops supervisor", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("a demand waiting for approval is on the board's waiting list and the review queue, with its age, and is approved from the board", async ({ page }) => {
    const caseUrn = await createCase(page, "CDG", 4);
    const demand = await requestRooms(page, caseUrn, 60);
    expect(demand.status).toBe("REQUESTED");

    await page.goto("/review");
    const queued = page.locator(`[data-testid=waiting-demand][data-urn="${demand.urn}"]`);
    await expect(queued).toContainText("60 requested");
    await expect(queued.getByTestId("waiting-demand-age")).toHaveText(/min/);

    await page.goto("/board?airport=CDG");
    const row = page.locator(`[data-testid=waiting-demand][data-urn="${demand.urn}"]`);
    await expect(row).toContainText("AF1234");
    await expect(page.getByTestId("board-review-empty")).toHaveCount(0);
    await row.getByTestId("waiting-demand-approve").click();
    // 60 rooms for a manifest of 2: the case page's guard asks for a tick here too
    await expect(page.getByTestId("reason-confirm")).toBeDisabled();
    await page.getByTestId("guard-confirm").check();
    await page.getByTestId("reason-input").fill("approved from the board at night");
    await page.getByTestId("reason-confirm").click();
    await expect(page.getByTestId("reason-dialog")).toHaveCount(0);
    await expect(row).toHaveCount(0, { timeout: 15_000 });

    const read = await page.request.get(`/api/v1/demand/${encodeURIComponent(demand.urn)}`);
    expect((await read.json()).status).not.toBe("REQUESTED");
    await page.goto(`/audit?entity=demand&action=approve`);
    await expect(page.getByTestId("audit-row").filter({ hasText: "approved from the board at night" }).first()).toBeVisible();
  });

  test("on a review item: no operator's actions, one click asks the CDG desk (shown in the queue), and an override picks a ranked hotel and its offer", async ({ page }) => {
    const { itemUrn } = await mixedTierItem(page);
    await openItemWithOffers(page, itemUrn);
    await expect(page.getByText("your role reads them")).toHaveCount(0);
    const actions = page.getByTestId("review-supervisor-actions");
    await expect(actions).toContainText("for the CDG operators");
    await expect(page.getByTestId("review-claim")).toHaveCount(0);

    await page.getByTestId("review-ask-desk").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Asked the CDG desk" })).toBeVisible();
    await expect(page.getByTestId("review-item-desk")).toContainText("asked of the CDG desk by Sam Supervisor");
    await page.goto("/review");
    await expect(page.locator(`[data-testid=review-row][data-urn="${itemUrn}"]`).getByTestId("review-desk")).toHaveText("asked of the CDG desk");

    await page.goto(`/review/${encodeURIComponent(itemUrn)}`);
    // no id to type: a hotel from the ranked list, then its offer (the best preselected)
    await expect(page.getByTestId("review-override-form").locator("input:not([type=hidden])")).toHaveCount(0);
    await expect(page.getByTestId("review-override-offer")).toBeDisabled();
    // picked again until the page has hydrated (a choice made before leaves the offers disabled)
    await expect(async () => {
      await page.getByTestId("review-override-hotel").selectOption({ index: 0 });
      await page.getByTestId("review-override-hotel").selectOption({ index: 1 });
      await expect(page.getByTestId("review-override-offer")).not.toHaveValue("", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("review-override-offer").locator("option").nth(1)).toContainText(/a night/);
    await page.getByTestId("review-reason").fill("booked by the supervisor on the phone");
    await page.getByTestId("review-override-submit").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Booked manually" })).toBeVisible({ timeout: 30_000 });
  });

  test("outbox rows name the passenger and the flight beside the masked address", async ({ page }) => {
    // the demo case's voucher mail, kept without a mail server: to the group leads of AF1234 (its own
    // messages: the whole suite's newer mail fills the outbox's first page)
    const res = await page.request.get("/api/v1/cases?externalEventId=demo-AF1234");
    const demo = ((await res.json()).items as { urn: string }[])[0];
    await page.goto(`/outbox?case=${encodeURIComponent(demo.urn)}`);
    const martin = page.getByTestId("outbox-recipient").filter({ hasText: "Julien Martin" }).first();
    await expect(martin).toContainText("· AF1234");
    await expect(martin).toContainText("@example.com");
  });
});

test.describe("as the CDG operator", () => {
  test("an operator claims and acts on the item, with the override's pickers, and is not offered the supervisor's hand-off", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    const { itemUrn } = await mixedTierItem(page);
    await page.context().clearCookies();
    await new SignInPage(page).signInAs("operator-cdg");
    await openItemWithOffers(page, itemUrn);
    await expect(page.getByTestId("review-claim")).toBeVisible();
    await expect(page.getByTestId("review-ask-desk")).toHaveCount(0);
    await expect(page.getByTestId("review-supervisor-actions")).toHaveCount(0);
    await expect(page.getByTestId("review-override-form").locator("input:not([type=hidden])")).toHaveCount(0);
    await page.getByTestId("review-claim").click();
    await expect(page.getByTestId("review-release")).toBeVisible();
  });
});

/** axe (WCAG 2 A and AA) on the new parts, in both themes: the waiting demands on the board and queue, the supervisor's card, at 390 px too. */
for (const theme of ["light", "dark"] as const) {
  test(`the waiting demands and the supervisor's review card pass axe and fit a phone, ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => {
      if (window.top === window) localStorage.setItem("theme", t);
    }, theme);
    await new SignInPage(page).signInAs("supervisor");
    const caseUrn = await createCase(page, "CDG", 2);
    expect((await requestRooms(page, caseUrn, 60)).status).toBe("REQUESTED");
    const { itemUrn } = await mixedTierItem(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/board?airport=CDG", "/review", `/review/${encodeURIComponent(itemUrn)}`]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      if (path !== `/review/${encodeURIComponent(itemUrn)}`) await expect(page.getByTestId("waiting-demand").first()).toBeVisible();
      else await expect(page.getByTestId("review-supervisor-actions")).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(result.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(390);
    }
  });
}
