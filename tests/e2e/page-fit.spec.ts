import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { NAV_ITEMS } from "@/components/console/nav-items";
import { expect, test } from "./fixtures";
import { type BookedCase, bookedCase } from "./pages/booked-case";
import { DEMO_PASSWORD, SignInPage } from "./pages/sign-in";

/**
 * Every console page on the night shift's two screens: at 390 px nothing scrolls sideways (the page,
 * or a case page's table: they are cards there), at 1366 px no table is cut at its container's
 * edge and no cell's text is clipped, and axe passes in the light and the dark theme (at the laptop's
 * width for the pages accessibility.spec.ts does not list).
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const enc = encodeURIComponent;

// the voucher preview is a sandboxed frame axe may not enter; the passenger page's voucher asks for /favicon.ico
// (one pattern: a fixture option given as a two-element array would read as [value, options])
test.use({ allowConsoleErrors: [/Blocked script execution in 'about:srcdoc'|favicon\.ico/] });

async function passengerLink(reservationUrn: string): Promise<string> {
  process.env.AUTH_SECRET ||= fs.readFileSync(path.join(process.cwd(), ".data-e2e", "auth-secret"), "utf8").trim();
  const { linkExpiry, signPassengerToken } = await import("@/lib/vouchers/link");
  return `/v/${signPassengerToken(reservationUrn, linkExpiry(new Date("2026-11-23T10:00:00Z")))}`;
}

/** The demo's AF1234 (the seed's biggest booked case). */
async function demoCase(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/cases?externalEventId=demo-AF1234");
  expect(res.status()).toBe(200);
  const found = ((await res.json()).items as { urn: string }[])[0];
  expect(found, "the demo case AF1234").toBeDefined();
  return found!.urn;
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude("[data-testid=voucher-frame]").analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")})`);
}

/** What spills sideways at this width: the page itself, and (strict) any table's container. */
async function sideways(page: Page, strictTables: boolean): Promise<string[]> {
  return page.evaluate((strict) => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 0.5) out.push(`page is ${doc.scrollWidth} px wide`);
    const name = (el: Element) => (el as HTMLElement).dataset.testid ?? el.closest("[data-testid]")?.getAttribute("data-testid") ?? el.tagName.toLowerCase();
    if (strict) {
      for (const box of Array.from(document.querySelectorAll<HTMLElement>("[data-slot=table-container]"))) {
        if (box.scrollWidth > box.clientWidth + 1) out.push(`table ${name(box.querySelector("table")!)} is ${box.scrollWidth} px in ${box.clientWidth} px`);
      }
      // a cell whose own text is cut ("Report a p…"): it clips and is narrower than what it holds
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("td *, th *, td, th"))) {
        const s = getComputedStyle(el);
        // text for screen readers only (sr-only: a 1 px clipped box) is hidden on purpose; an inline box does not clip
        // (sr-only applied through a variant such as [&>span]:sr-only has no class to find: its 1 px absolute box is the sign)
        if (el.closest(".sr-only") || s.display === "inline" || (s.position === "absolute" && el.clientWidth <= 1)) continue;
        if (s.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1 && el.getClientRects().length > 0) {
          out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" in ${name(el)} is cut (${el.scrollWidth} of ${el.clientWidth} px)`);
          if (out.length > 12) break;
        }
      }
    }
    return out;
  }, strictTables);
}

type Stop = {
  name: string;
  path: string;
  /** the page's tables may scroll inside their box at 390 px (not the case page's) */
  phoneTablesScroll?: boolean;
  /** axe at the laptop's width too: accessibility.spec.ts does not list the page */
  axeAtLaptop?: boolean;
};

/**
 * Each stop at the laptop's width (what spills), then at the phone's in both themes (what spills,
 * and axe). axe at the desktop's width in both themes is accessibility.spec.ts's for the pages it
 * lists: run here again too it doubled this walk (13 minutes of CI on a slow day, near its
 * timeout). The stops it does not list (`axeAtLaptop`) get both themes and axe here at both widths.
 */
async function walk(page: Page, stops: Stop[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [size, strict, withAxe] of [
    [LAPTOP, () => true, (s: Stop) => !!s.axeAtLaptop],
    [PHONE, (s: Stop) => !s.phoneTablesScroll, () => true],
  ] as const) {
    await page.setViewportSize(size);
    for (const stop of stops) {
      for (const theme of withAxe(stop) ? (["light", "dark"] as const) : (["light"] as const)) {
        await setTheme(page, theme);
        await page.goto(stop.path);
        await expect(page.locator("h1").first()).toBeVisible();
        await page.waitForLoadState("load");
        // the streamed sections have arrived when nothing on the page is still busy
        await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
        const where = `${stop.name} at ${size.width} px (${theme})`;
        if (theme === "light") for (const p of await sideways(page, strict(stop))) problems.push(`${where}: ${p}`);
        if (withAxe(stop)) for (const v of await axe(page)) problems.push(`${where}: axe ${v}`);
      }
    }
  }
  return problems;
}

let booked: BookedCase;

async function somePolicy(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/policies?limit=1");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: { urn: string }[] }).items[0].urn;
}

/** the newest run's page, as an admin reaches it from the job list */
async function someJobRun(page: Page): Promise<string> {
  await page.goto("/admin/jobs");
  const href = await page.locator('a[href^="/admin/jobs/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test("every console page fits a phone and a laptop and passes axe in both themes", async ({ page, browser }) => {
  // about 30 pages at two widths: 10–13 minutes on a slow day (CI, 2026-12-02); the margin is for such a day
  test.setTimeout(1_500_000);
  await new SignInPage(page).signInAs("admin");
  booked = await bookedCase(page);
  const demo = await demoCase(page);
  const stops: Stop[] = [
    ...NAV_ITEMS.map((n) => ({ name: n.label, path: n.href, phoneTablesScroll: true, axeAtLaptop: n.href === "/admin" })),
    { name: "the CDG board", path: "/board?airport=CDG", phoneTablesScroll: true },
    { name: "a booked case", path: `/cases/${enc(booked.caseUrn)}` },
    { name: "the demo case", path: `/cases/${enc(demo)}`, axeAtLaptop: true },
    { name: "a review item", path: `/review/${enc(booked.itemUrn)}`, phoneTablesScroll: true },
    { name: "a wave", path: `/waves/${enc(booked.waveUrn)}`, phoneTablesScroll: true },
    { name: "a rooming list", path: `/waves/${enc(booked.waveUrn)}/rooming`, phoneTablesScroll: true },
    { name: "a voucher", path: `/vouchers/${enc(booked.reservationUrn)}`, phoneTablesScroll: true },
    { name: "new policy", path: "/policies/new", phoneTablesScroll: true },
    { name: "admin: users", path: "/admin/users", phoneTablesScroll: true, axeAtLaptop: true },
    { name: "admin: tokens", path: "/admin/tokens", phoneTablesScroll: true },
    { name: "admin: jobs", path: "/admin/jobs", phoneTablesScroll: true },
    { name: "admin: settings", path: "/admin/settings", phoneTablesScroll: true },
    { name: "admin: webhooks", path: "/admin/webhooks", phoneTablesScroll: true },
    { name: "admin: drills", path: "/admin/drills", phoneTablesScroll: true },
    { name: "a passenger's page", path: await passengerLink(booked.reservationUrn), axeAtLaptop: true },
    { name: "a policy's edit page", path: `/policies/${enc(await somePolicy(page))}/edit`, phoneTablesScroll: true, axeAtLaptop: true },
    { name: "a job run", path: await someJobRun(page), phoneTablesScroll: true, axeAtLaptop: true },
    { name: "the API reference", path: "/api-reference", phoneTablesScroll: true, axeAtLaptop: true },
  ];
  const problems = await walk(page, stops);

  // the extranet, as the demo hotel's front desk
  const hotel = await browser.newContext();
  const desk = await hotel.newPage();
  await new SignInPage(desk).goto();
  await new SignInPage(desk).signIn("hotel@demo.test", DEMO_PASSWORD);
  await desk.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  problems.push(...(await walk(desk, [{ name: "the extranet", path: "/extranet", axeAtLaptop: true }])));
  await hotel.close();

  expect(problems, "pages that scroll sideways, cut a table or fail axe").toEqual([]);
});

/** Height of the page, and time from navigation until the case page answers "is everyone housed". */
async function firstScreen(page: Page, url: string): Promise<{ ms: number; all: number; height: number }> {
  const started = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.getByTestId("case-flight")).toBeVisible({ timeout: 30_000 });
  const ms = Date.now() - started;
  await page.waitForLoadState("load");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
  return { ms, all: Date.now() - started, height: await page.evaluate(() => document.documentElement.scrollHeight) };
}

test("a case page's first screen says whether everyone is housed and who is not, and the page stays short", async ({ page }) => {
  test.setTimeout(300_000);
  await new SignInPage(page).signInAs("supervisor");
  const demo = await demoCase(page);
  const url = `/cases/${enc(demo)}`;
  const heights: number[] = [];
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await firstScreen(page, url); // warm: the first request fills the server's caches
    const { ms, all, height } = await firstScreen(page, url);
    console.log(`case page at ${size.width} px: first screen ${ms} ms, whole page ${all} ms, ${height} px tall`);
    heights.push(height);
  }
  for (const [i, size] of [LAPTOP, PHONE].entries()) {
    await page.setViewportSize(size);
    await page.goto(url);
    const height = heights[i];
    const housing = page.getByTestId("case-housing");
    await expect(housing).toBeVisible();
    await expect(housing).toBeInViewport();
    await expect(page.getByTestId("housing-count")).toHaveText(/^\d+ of \d+ groups housed$/);
    // everyone who is not housed is named with the reason, each a line
    const [housed, all] = (await page.getByTestId("housing-count").innerText()).match(/\d+/g)!.map(Number);
    await expect(housing.getByTestId("housing-waiting")).toHaveCount(Math.min(all - housed, 8));
    // the long sections are folded to a line each: the page is a few screens, not fifteen (the groups of a small case
    // with a group waiting stay open: a phone shows them as cards, a screen and a half for the demo's 12)
    expect(height, `the case page is ${height} px tall at ${size.width} px`).toBeLessThan(size.height * (size === PHONE ? 6 : 4));
  }
  // a folded section opens from the keyboard
  const bookings = page.getByTestId("reservations-panel");
  await expect(bookings.getByTestId("reservation-row").first()).toBeHidden();
  await bookings.getByTestId("fold-summary").focus();
  await page.keyboard.press("Enter");
  await expect(bookings.getByTestId("reservation-row").first()).toBeVisible();
});

test("a big case (250 groups, none housed yet) names the first groups without a room and folds the rest", async ({ page }) => {
  test.setTimeout(180_000);
  await new SignInPage(page).signInAs("supervisor");
  const s = `${Date.now().toString(36)}`.toUpperCase();
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-fit-big-${s}`,
      flight: { number: "AF1250", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1252", scheduledDeparture: "2026-11-22T09:30:00Z" },
      passengerGroups: Array.from({ length: 250 }, (_, g) => ({ pnr: `B${g}X${s}`.slice(0, 32), passengers: [{ id: `b${g}`, firstName: "Pat", lastName: `Big${g}`, tier: "ECONOMY" }] })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const url = `/cases/${enc((await res.json()).urn)}`;
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await firstScreen(page, url);
    const { ms, all, height } = await firstScreen(page, url);
    console.log(`250-group case at ${size.width} px: first screen ${ms} ms, whole page ${all} ms, ${height} px tall`);
    await expect(page.getByTestId("housing-count")).toHaveText("0 of 250 groups housed");
    await expect(page.getByTestId("housing-waiting")).toHaveCount(8);
    await expect(page.getByTestId("housing-waiting").first()).toContainText("no rooms requested for the group");
    await expect(page.getByTestId("housing-more")).toContainText("and 242 more groups without a room");
    await expect(page.getByTestId("case-housing")).toBeInViewport();
    // the groups' 100 rows wait behind their summary line
    await expect(page.getByTestId("group-row").first()).toBeHidden();
    expect(height).toBeLessThan(size.height * 4);
  }
});
