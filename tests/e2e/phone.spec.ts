import type { Locator, Page } from "@playwright/test";
import { NAV_ITEMS } from "@/components/console/nav-items";
import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { DEMO_USERS, SignInPage } from "./pages/sign-in";

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
// the walk passes the voucher page, whose voucher is a sandboxed frame: a script the browser runs there
// for the test (as page-fit and accessibility see) is refused, as it should be; not the page's fault
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });

test("on a phone the header keeps the name and role, the sections open from a menu, and a table's key column shows", async ({ page }) => {
  await new SignInPage(page).signInAs("operator-cdg");
  await page.goto("/cases");
  await expect(page.getByTestId("header-user-name")).toBeVisible();
  await expect(page.getByTestId("header-user-name")).toHaveText(DEMO_USERS["operator-cdg"].name);
  await expect(page.getByTestId("header-user-role-short")).toBeVisible();
  await expect(page.getByTestId("header-user-role-short")).toHaveText(DEMO_USERS["operator-cdg"].roles);
  // nothing in the header spills past the screen's edge
  const overflow = await page.locator("header").evaluate((h) => h.scrollWidth - h.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByTestId("sign-out")).toBeVisible();

  await expect(page.getByTestId("nav-review")).toBeHidden();
  await page.getByTestId("mobile-menu-open").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu).toBeVisible();
  await menu.getByTestId("nav-review").click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(menu).toHaveCount(0);

  await page.goto("/cases");
  const link = page.getByTestId("case-link").first();
  await expect(link).toBeVisible();
  await expect(link).toBeInViewport();
});

/** The first row's cells a person must see without scrolling sideways: name or flight, status, rooms. */
type KeyCells = { row: string; cells: string[]; /** the list may be empty (transport before any segment) */ optional?: boolean };
const enc = encodeURIComponent;

/** Left and right edges inside the screen: not cut off, and not hidden to the right of a scrolling table. */
async function fitsAcross(locator: Locator): Promise<string | null> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) return "no box";
  return box.x >= 0 && box.x + box.width <= WIDTH + 0.5 ? null : `spans ${Math.round(box.x)}–${Math.round(box.x + box.width)} px`;
}

async function walk(page: Page, path: string, key?: KeyCells): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(path);
  await expect(page.locator("h1").first()).toBeVisible();
  // no page-level sideways scroll: the document is no wider than the screen
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > WIDTH) {
    const culprits = await page.evaluate((w) => {
      const out: string[] = [];
      // what widens the page: past the edge and not inside a box that scrolls or clips on its own
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return true;
        return false;
      };
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 0.5 && out.length < 6 && !clipped(el)) out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${String(el.className).slice(0, 60)} → ${Math.round(r.right)}`);
      }
      return out;
    }, WIDTH);
    problems.push(`${path}: page is ${width} px wide (${culprits.join("; ")})`);
  }
  if (key) {
    const row = page.getByTestId(key.row).first();
    if (key.optional && (await row.count()) === 0) return problems;
    await expect(row, `${path}: a first ${key.row}`).toBeVisible();
    for (const cell of key.cells) {
      const why = await fitsAcross(row.getByTestId(cell).first());
      if (why) problems.push(`${path}: first ${key.row}'s ${cell} ${why}`);
    }
  }
  return problems;
}

test("every console page fits a phone: no sideways scroll of the page, and the first row's key cells in view", async ({ page }) => {
  test.setTimeout(240_000);
  await new SignInPage(page).signInAs("admin");
  const booked = await bookedCase(page);

  const keys: Record<string, KeyCells> = {
    "/board": { row: "board-flight", cells: ["board-flight-link", "board-flight-status", "board-flight-rooms"] },
    "/cases": { row: "case-row", cells: ["case-link", "case-status", "rooms-meter"] },
    "/review": { row: "review-row", cells: ["review-item-link", "review-case-link", "review-state"] },
    "/transport": { row: "segment-row", cells: ["segment-status", "segment-load"], optional: true },
    "/audit": { row: "audit-row", cells: ["audit-action", "audit-actor"] },
  };
  const pages: [string, KeyCells | undefined][] = [
    ...NAV_ITEMS.map((n): [string, KeyCells | undefined] => [n.href, keys[n.href]]),
    ["/board?airport=CDG", keys["/board"]],
    [`/cases/${enc(booked.caseUrn)}`, { row: "group-row", cells: ["group-name", "group-rooms", "group-status"] }],
    [`/review/${enc(booked.itemUrn)}`, undefined],
    [`/waves/${enc(booked.waveUrn)}`, undefined],
    [`/waves/${enc(booked.waveUrn)}/rooming`, undefined],
    [`/vouchers/${enc(booked.reservationUrn)}`, undefined],
    ["/policies/new", undefined],
    ["/api-reference", undefined],
    ["/admin/jobs", undefined],
    ["/admin/settings", undefined],
    ["/admin/webhooks", undefined],
    ["/admin/drills", undefined],
  ];
  const problems: string[] = [];
  for (const [path, key] of pages) problems.push(...(await walk(page, path, key)));
  expect(problems, "pages that do not fit a 390 px screen").toEqual([]);
});
