import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { bookedCase } from "./pages/booked-case";
import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in";

/** Issue 19, points 7 and 11: find a passenger from Ctrl-K, and the small things a user noticed. */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A CDG case of 150 groups: the searched family is the 130th, on the second page of groups. */
async function bigCase(page: Page, surname: string, pnr: string): Promise<string> {
  const groups = Array.from({ length: 150 }, (_, g) => ({
    pnr: g === 129 ? pnr : `${pnr.slice(0, 4)}${g}`,
    passengers:
      g === 129
        ? [
            { id: `${pnr}-1`, firstName: "Jürgen", lastName: surname, tier: "ECONOMY", email: `jurgen.${pnr.toLowerCase()}@example.test`, phone: "+33 6 12 34 56 78" },
            { id: `${pnr}-2`, firstName: "Anna", lastName: surname, tier: "ECONOMY" },
          ]
        : [{ id: `${pnr}-g${g}`, firstName: "Pat", lastName: `Filler${g}`, tier: "ECONOMY" }],
  }));
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-find-${pnr}`,
      flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-22T09:30:00Z" },
      passengerGroups: groups,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).urn as string;
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

async function palette(page: Page, q: string) {
  await page.keyboard.press("Control+K");
  await expect(page.getByTestId("palette")).toBeVisible();
  await page.getByTestId("palette-input").fill(q);
}

test.describe("find a passenger", () => {
  test("a case found by PNR shows its departure in the airport's time, UTC on hover", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    const s = stamp();
    const pnr = `TZ${s}`.slice(0, 10);
    await bigCase(page, `Zone${s}`, pnr);
    await page.goto("/cases");
    await palette(page, pnr);
    const hit = page.getByTestId("palette-result").first();
    await expect(hit).toContainText("AF1234");
    // 18:05 UTC leaves CDG at 19:05 Paris time in November
    await expect(hit.locator("time")).toContainText("Sat 21 Nov 19:05 CET");
    await expect(hit.locator("time")).toHaveAttribute("title", /18:05 UTC/);
  });

  test("by name without accents, or by phone: lands on the group, highlighted, on its page, with the contacts", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    const s = stamp();
    const surname = `Müller${s}`;
    const pnr = `MU${s}`.slice(0, 10);
    const caseUrn = await bigCase(page, surname, pnr);

    await page.goto("/cases");
    await palette(page, `jurgen muller${s.toLowerCase()}`);
    const hit = page.getByTestId("palette-passenger");
    await expect(hit).toHaveCount(1);
    await expect(hit.getByTestId("palette-passenger-name")).toHaveText(`${surname.toUpperCase()} Jürgen`);
    await expect(hit).toContainText("AF1234");
    await expect(hit.getByTestId("palette-passenger-group")).toContainText(pnr);
    await expect(hit.getByTestId("palette-passenger-contact")).toContainText("+33 6 12 34 56 78");
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/cases/${encodeURIComponent(caseUrn).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?group=${pnr}&passenger=.*#group-${pnr}$`));
    const row = page.locator("[data-testid=group-row][data-targeted]");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(pnr);
    await expect(row).toBeInViewport();
    await expect(page.getByTestId("group-page")).toHaveText("page 2 of 2");
    await expect(row.locator("[data-testid=passenger-line][data-targeted]")).toContainText("Jürgen");
    await expect(row.getByTestId("passenger-contact").first()).toContainText("+33 6 12 34 56 78");
    await expect(row.getByTestId("passenger-contact").first()).toContainText(`jurgen.${pnr.toLowerCase()}@example.test`);
    expect(await axe(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await expect(page.locator("[data-testid=group-row][data-targeted]")).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem("theme", "light"));

    // the same passenger by phone, typed another way
    await palette(page, "06 12 34 56 78");
    await expect(page.getByTestId("palette-passenger").filter({ hasText: surname.toUpperCase() })).toHaveCount(1);
    await expect(page.getByTestId("palette-passenger").filter({ hasText: surname.toUpperCase() })).toContainText("by phone");
    await page.keyboard.press("Escape");

    // an operator of another airport finds nothing of a CDG case
    await page.context().clearCookies();
    await new SignInPage(page).signInAs("operator-lhr");
    await palette(page, surname);
    await expect(page.getByTestId("palette-status")).toContainText("No case or passenger matches");
    await expect(page.getByTestId("palette-passenger")).toHaveCount(0);
  });
});

test.describe("sign-in addresses", () => {
  test("/login, /signin and /auth/login lead to sign-in, keeping only a same-origin callbackUrl", async ({ page }) => {
    await page.goto("/login?callbackUrl=%2Fboard");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fboard$/);
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/auth/login?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fcases$/);
    await expect(page.getByTestId("not-found")).toHaveCount(0);
  });
});

test.describe("a booked case", () => {
  test("exports its bookings, prints every voucher at once without a missing icon, and its wave names the hotels", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    const booked = await bookedCase(page);
    const casePath = `/cases/${encodeURIComponent(booked.caseUrn)}`;

    // the reservation is confirmed (or already checked out) and its voucher stored by the jobs: wait for the print-all page
    await expect(async () => {
      const res = await page.request.get(`${casePath}/vouchers/print`);
      expect(res.status()).toBe(200);
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });

    await page.goto(casePath);
    const csvHref = await page.getByTestId("case-bookings-csv").getAttribute("href");
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("passenger,passengerId,group,pnr,hotel,rooms,checkIn,checkOut,status,confirmationNumber,reservation");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toMatch(/^TRAVELLERF\d Test,/);
    // the stay is in the past of the test clock: the check-out job may have run already
    expect(lines[1]).toMatch(/,2026-11-21,2026-11-22,(CONFIRMED|CHECKED_OUT),/);

    // every voucher, one per printed page; neither print view asks for a file that is not there
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    const missing: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await expect(page.getByTestId("case-print-vouchers")).toHaveAttribute("href", `${casePath}/vouchers/print`);
    await page.goto(`${casePath}/vouchers/print`);
    await expect(page.locator("section.voucher")).toHaveCount(1);
    await expect(page.locator("section.voucher").first()).toContainText("Hotel voucher");
    expect(await page.locator("section.voucher").first().evaluate((el) => getComputedStyle(el).breakAfter)).toBe("auto");
    await page.goto(`/vouchers/${encodeURIComponent(booked.reservationUrn)}/print`);
    await expect(page.getByRole("heading", { name: "Hotel voucher" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(missing).toEqual([]);

    // the wave: each hotel's number on the chart is named in the list; the reasons wrap in full
    await page.goto(`/waves/${encodeURIComponent(booked.waveUrn)}`);
    const legend = page.getByTestId("radar-legend-item");
    expect(await legend.count()).toBe(await page.getByTestId("radar-hotel").count());
    await expect(legend.first()).toContainText(/^1\S.* · \d+\.\d km [NESW]{1,2} · /);
    await expect(page.getByTestId("radar-hotel-number")).toHaveCount(await legend.count());
    const reason = page.getByTestId("ranking-reason").first();
    const box = await reason.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(330);
    expect(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // an operator of another airport meets the voucher's refusal with a way back
    await page.context().clearCookies();
    await new SignInPage(page).signInAs("operator-lhr");
    await page.goto(`/vouchers/${encodeURIComponent(booked.reservationUrn)}`);
    await expect(page.getByTestId("voucher-out-of-scope")).toBeVisible();
    await page.getByTestId("voucher-out-of-scope-back").click();
    await expect(page).toHaveURL(/\/cases$/);
  });
});

test.describe("the synthesizer", () => {
  test("shows its example as an example, not as text already typed in", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    await page.goto("/policies");
    const box = page.getByTestId("policy-synthesize-description");
    await expect(box).toHaveValue("");
    await expect(box).not.toHaveAttribute("placeholder", /LHR/);
    await expect(page.getByTestId("policy-synthesize-example")).toContainText("For example:");
    await expect(box).toHaveAttribute("aria-describedby", "policy-description-example");
    await expect(page.getByTestId("policy-synthesize-submit")).toBeDisabled();
  });
});
