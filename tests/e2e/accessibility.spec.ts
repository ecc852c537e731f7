import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { type BookedCase, bookedCase } from "./pages/booked-case";
import { SignInPage } from "./pages/sign-in";

/**
 * axe (WCAG 2 A and AA rules) on every main page, in the light and the dark theme. One admin
 * session and one booked case are made first and shared; each page is its own test, so a report
 * names the page and the rule.
 */
const SESSION = "test-results/a11y-admin-session.json";
const enc = encodeURIComponent;
const PAGES: [string, (b: BookedCase) => string][] = [
  ["board", () => "/board"],
  ["cases", () => "/cases"],
  ["new case", () => "/cases/new"],
  ["a case", (b) => `/cases/${enc(b.caseUrn)}`],
  ["a wave", (b) => `/waves/${enc(b.waveUrn)}`],
  ["a rooming list", (b) => `/waves/${enc(b.waveUrn)}/rooming`],
  ["review queue", () => "/review"],
  ["a review item", (b) => `/review/${enc(b.itemUrn)}`],
  ["policies", () => "/policies"],
  ["new policy", () => "/policies/new"],
  ["reports", () => "/reports"],
  ["reports, this week so far", () => "/reports?report=this-week"],
  ["audit", () => "/audit"],
  ["transport", () => "/transport"],
  ["outbox", () => "/outbox"],
  ["a voucher", (b) => `/vouchers/${enc(b.reservationUrn)}`],
  ["admin: tokens", () => "/admin/tokens"],
  ["admin: job runs", () => "/admin/jobs"],
  ["admin: settings", () => "/admin/settings"],
  ["admin: webhooks", () => "/admin/webhooks"],
  ["admin: drills", () => "/admin/drills"],
];

// the stored choice is read before the first paint, as the theme toggle leaves it; only the top
// document may read storage (the voucher preview is a sandboxed frame)
async function useTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((t) => {
    if (window.top === window) localStorage.setItem("theme", t);
  }, theme);
}

async function violations(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  // the voucher preview is the email exactly as sent (its own document, in a script-less sandbox)
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude("[data-testid=voucher-frame]").analyze();
  return result.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

const BOOKED = "test-results/a11y-booked-case.json";
let booked: BookedCase;

// axe reaching into the voucher's sandboxed frame is refused by the browser: expected, not the page's fault
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });

// Playwright starts a new worker after a failed test, and each worker runs this again: the session
// and the case are kept in files and reused while this server still knows the case.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  if (fs.existsSync(SESSION) && fs.existsSync(BOOKED)) {
    const context = await browser.newContext({ storageState: SESSION });
    const kept = JSON.parse(fs.readFileSync(BOOKED, "utf8")) as BookedCase;
    const res = await context.request.get(`/api/v1/cases/${enc(kept.caseUrn)}`);
    await context.close();
    if (res.ok()) {
      booked = kept;
      return;
    }
  }
  // a fresh context: a filtered run may start inside the describe, whose storageState file does not exist yet
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await new SignInPage(page).signInAs("admin");
  booked = await bookedCase(page);
  await context.storageState({ path: SESSION });
  fs.writeFileSync(BOOKED, JSON.stringify(booked));
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`sign-in passes axe in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await new SignInPage(page).goto();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await violations(page)).toEqual([]);
  });

  test.describe(`signed in, ${theme} theme`, () => {
    test.use({ storageState: SESSION });
    for (const [name, path] of PAGES) {
      test(`${name} passes axe`, async ({ page }) => {
        await useTheme(page, theme);
        await page.goto(path(booked));
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
