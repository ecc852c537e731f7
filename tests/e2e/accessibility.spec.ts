import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { SignInPage } from "./pages/sign-in";

type Violation = { page: string; rule: string; impact: string | null | undefined; help: string; targets: string[] };

async function audit(page: Page, label: string): Promise<Violation[]> {
  await expect(page.locator("h1").first()).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}

for (const theme of ["light", "dark"] as const) {
  test(`every main page passes axe (WCAG 2 A and AA) in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(240_000);
    // the root layout's script reads the stored choice before the first paint, as the toggle leaves it
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const found: Violation[] = [];

    await new SignInPage(page).goto();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    found.push(...(await audit(page, "/sign-in")));

    await new SignInPage(page).signInAs("admin");
    const booked = await bookedCase(page);
    const enc = encodeURIComponent;
    const pages = [
      "/board",
      "/cases",
      `/cases/${enc(booked.caseUrn)}`,
      `/waves/${enc(booked.waveUrn)}`,
      `/waves/${enc(booked.waveUrn)}/rooming`,
      "/review",
      `/review/${enc(booked.itemUrn)}`,
      "/policies",
      "/policies/new",
      "/reports",
      "/audit",
      "/transport",
      "/outbox",
      `/vouchers/${enc(booked.reservationUrn)}`,
      "/admin/tokens",
      "/admin/jobs",
      "/admin/settings",
      "/admin/webhooks",
      "/admin/drills",
    ];
    for (const path of pages) {
      await page.goto(path);
      found.push(...(await audit(page, path)));
    }
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
  });
}
