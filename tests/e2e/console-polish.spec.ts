import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CasePage, openSection } from "./pages/case";
import { SignInPage } from "./pages/sign-in";

/** Issue 12 (first half): search and sort the cases, guarded dialogs, names and pages that a person can read. */

type Pax = { id: string; firstName: string; lastName: string };

async function apiCase(page: Page, o: { event: string; departure: string; groups: { pnr: string; passengers: Pax[] }[] }): Promise<string> {
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: o.event,
      flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: o.departure, status: "CANCELLED" },
      nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-23T09:30:00Z" },
      passengerGroups: o.groups.map((g) => ({ pnr: g.pnr, passengers: g.passengers.map((p) => ({ ...p, tier: "ECONOMY" })) })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).urn as string;
}

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

test.describe("as an ops supervisor", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("find cases of the same flight by PNR and passenger name, and sort them", async ({ page }) => {
    const s = stamp();
    const surname = `Zed${s}`;
    const early = await apiCase(page, { event: `e2e-early-${s}`, departure: "2026-11-21T08:00:00Z", groups: [{ pnr: `A${s}`, passengers: [{ id: "1", firstName: "Amélie", lastName: surname }] }] });
    const late = await apiCase(page, { event: `e2e-late-${s}`, departure: "2026-11-21T20:00:00Z", groups: [{ pnr: `B${s}`, passengers: [{ id: "1", firstName: "Jean", lastName: surname }] }] });

    await page.goto("/cases");
    await page.getByTestId("case-search").fill(`b${s}`.toLowerCase());
    await page.getByTestId("case-filter-apply").click();
    await expect(page.getByTestId("case-row")).toHaveCount(1);
    await expect(page.getByTestId("case-row")).toHaveAttribute("data-urn", late);
    // cases of the same flight tell themselves apart: event id, creator and time
    await expect(page.getByTestId("case-event-id")).toHaveText(`e2e-late-${s}`);
    await expect(page.getByTestId("case-creator")).toContainText(/by /);

    await page.getByTestId("case-search").fill(`amélie ${surname}`);
    await page.getByTestId("case-filter-apply").click();
    await expect(page.getByTestId("case-row")).toHaveCount(1);
    await expect(page.getByTestId("case-row")).toHaveAttribute("data-urn", early);

    await page.getByTestId("case-search").fill(surname);
    await page.getByTestId("case-sort").selectOption("departure");
    await page.getByTestId("case-filter-apply").click();
    await expect(page.getByTestId("case-row")).toHaveCount(2);
    await expect(page.getByTestId("case-row").first()).toHaveAttribute("data-urn", early);
    await page.getByTestId("case-sort").selectOption("departure-desc");
    await page.getByTestId("case-filter-apply").click();
    await expect(page).toHaveURL(/sort=departure-desc/);
    await expect(page.getByTestId("case-row").first()).toHaveAttribute("data-urn", late);

    // a bad filter in the URL is named in words, and the valid ones still apply
    await page.goto(`/cases?status=SHUT&q=${surname}`);
    await expect(page.getByTestId("case-filter-notice")).toContainText("Status must be one of OPEN");
    await expect(page.getByTestId("case-row")).toHaveCount(2);
  });

  test("far more rooms than needed and closing with passengers waiting both ask first; the audit shows the demand", async ({ page }) => {
    const s = stamp();
    const urn = await apiCase(page, {
      event: `e2e-guard-${s}`,
      departure: "2026-11-21T18:05:00Z",
      groups: [{ pnr: `G${s}`, passengers: [1, 2, 3, 4].map((i) => ({ id: `g${i}`, firstName: `First${i}`, lastName: `Guard${s}` })) }],
    });
    const casePage = new CasePage(page);
    await casePage.goto(urn);

    // 4 passengers need 2 rooms: 400 is a typo until someone says otherwise
    await page.getByTestId("request-rooms-open").click();
    await page.getByTestId("request-rooms-count").fill("400");
    await expect(page.getByTestId("guard-warning")).toContainText("398 more rooms than the manifest still needs (2)");
    await expect(page.getByTestId("request-rooms-submit")).toBeDisabled();
    await page.getByTestId("request-rooms-count").fill("3");
    await expect(page.getByTestId("guard-warning")).toHaveCount(0);
    await page.getByTestId("request-rooms-count").fill("400");
    await page.getByTestId("guard-confirm").check();
    await page.getByTestId("request-rooms-submit").click();
    await expect(page.getByTestId("request-rooms-form")).toHaveCount(0);
    await expect(casePage.demandRow().getByTestId("demand-status")).toHaveText(/requested/);

    await casePage.demandRow().getByTestId("demand-approve").click();
    await expect(page.getByTestId("guard-warning")).toContainText("398 more rooms");
    await expect(page.getByTestId("reason-confirm")).toBeDisabled();
    await page.keyboard.press("Escape");

    // closing with all four passengers still waiting for a hotel
    await page.getByTestId("case-close").click();
    await expect(page.getByTestId("guard-warning")).toContainText("4 passengers have no hotel yet (4 awaiting allocation)");
    await page.getByTestId("reason-input").fill("flight re-timed, passengers sent home");
    await expect(page.getByTestId("reason-confirm")).toBeDisabled();
    await page.getByTestId("guard-confirm").check();
    await page.getByTestId("reason-confirm").click();
    await expect(page.getByTestId("case-closed-note")).toBeVisible();
    // the undecided demand of a closed case no longer waits for anyone
    await expect(casePage.demandRow().getByTestId("demand-status")).toHaveText(/withdrawn/);
    await expect(page.getByTestId("demand-undecided-closed")).toBeVisible();

    await page.getByTestId("case-audit-link").click();
    await expect(page.getByTestId("audit-row").filter({ hasText: "close" }).first()).toContainText("flight re-timed, passengers sent home");
    const demandEntry = page.getByTestId("audit-row").filter({ hasText: "Initial demand, 400 rooms" });
    await expect(demandEntry.first()).toBeVisible();
    await expect(demandEntry.first().getByTestId("audit-entity-label")).toContainText("AF1234");
  });

  test("a large case pages its passenger groups", async ({ page }) => {
    const s = stamp();
    const groups = Array.from({ length: 250 }, (_, g) => ({ pnr: `L${g}X${s}`.slice(0, 32), passengers: [{ id: `l${g}`, firstName: "Pat", lastName: `Large${g}` }] }));
    const urn = await apiCase(page, { event: `e2e-large-${s}`, departure: "2026-11-21T18:05:00Z", groups });
    await new CasePage(page).goto(urn);
    await expect(page.getByTestId("group-row")).toHaveCount(100);
    await expect(page.getByTestId("group-page")).toHaveText("page 1 of 3");
    // a big case's groups are folded under their summary line (the first card names who waits): open them
    await openSection(page, "case-groups");
    await page.getByTestId("group-page-next").click();
    await expect(page.getByTestId("group-page")).toHaveText("page 2 of 3");
    await expect(page.getByTestId("group-row").first()).toContainText(`L100X${s}`.slice(0, 32));
  });

  test("the upload offers a template and the allowed values, and stays disabled after a success", async ({ page }) => {
    const s = stamp();
    const urn = await apiCase(page, { event: `e2e-upload-${s}`, departure: "2026-11-21T18:05:00Z", groups: [{ pnr: `U${s}`, passengers: [{ id: "u1", firstName: "Ann", lastName: "Upload" }] }] });
    const casePage = new CasePage(page);
    await casePage.goto(urn);
    await page.getByTestId("upload-passengers-open").click();
    await expect(page.getByTestId("upload-allowed-values")).toContainText("PREMIUM_ECONOMY");
    await expect(page.getByTestId("upload-allowed-values")).toContainText("WHEELCHAIR");
    const template = await page.request.get((await page.getByTestId("upload-template-csv").getAttribute("href"))!);
    expect(template.status()).toBe(200);
    const csv = await template.text();
    expect(csv.split("\r\n")[0]).toBe("pnr,passengerId,firstName,lastName,tier,email,phone,specialNeeds,language");
    // the template as downloaded is a valid upload
    await casePage.upload("passengers-template.csv", csv);
    await expect(page.getByTestId("upload-result")).toContainText("2 passengers added");
    await expect(page.getByTestId("upload-passengers-submit")).toBeDisabled();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the cases table keeps its flight column in view while the rest scrolls", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    const s = stamp();
    const urn = await apiCase(page, { event: `e2e-phone-${s}`, departure: "2026-11-21T18:05:00Z", groups: [{ pnr: `P${s}`, passengers: [{ id: "p1", firstName: "Pia", lastName: `Phone${s}` }] }] });
    await page.goto(`/cases?q=${s}`);
    const row = page.locator(`[data-testid=case-row][data-urn="${urn}"]`);
    await expect(row).toBeVisible();
    await page.getByTestId("cases-table").evaluate((table) => (table.parentElement!.scrollLeft = 10_000));
    const link = row.getByTestId("case-link");
    const box = await link.boundingBox();
    expect(box, "the flight link is laid out").not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(link).toBeInViewport();
  });
});
