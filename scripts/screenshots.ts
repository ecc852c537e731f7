/**
 * The README's console pictures (docs/images/*.png), taken from a running server the way a
 * supervisor sees it: signed in, the board, LHR's board with its rooms awaiting approval, the case with
 * the most passengers (on a laptop and on a phone), a review item's card, the New case form.
 *
 *   npm start                      # in another terminal (demo data)
 *   npm run docs:screenshots       # BASE_URL=http://localhost:3000 by default
 *
 * Drives Debian's chromium (CHROMIUM_PATH to override); writes nothing but the images.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const out = path.join(process.cwd(), "docs", "images");

async function main() {
  await mkdir(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    // one context: the phone's page below shares the sign-in
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${base}/sign-in`);
    await page.locator("[data-testid=sign-in-form][data-hydrated]").waitFor();
    await page.getByTestId("sign-in-email").fill(process.env.SCREENSHOT_USER ?? "supervisor@demo.test");
    await page.getByTestId("sign-in-password").fill("demo");
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));

    await page.goto(`${base}/board`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(out, "board.png"), fullPage: false });

    // the busiest case of the demo data: the cases list sorted by passengers, first row
    const res = await page.request.get(`${base}/api/v1/cases?limit=50`);
    const { items } = (await res.json()) as { items: { urn: string; passengerCount?: number; passengers?: number }[] };
    const busiest = [...items].sort((a, b) => (b.passengerCount ?? b.passengers ?? 0) - (a.passengerCount ?? a.passengers ?? 0))[0];
    if (!busiest) throw new Error("no case to picture: is the demo data loaded?");
    await page.goto(`${base}/cases/${encodeURIComponent(busiest.urn)}`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(out, "case.png"), fullPage: false });

    // the same case as the night shift holds it on a phone: the first screen answers "is everyone housed"
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${base}/cases/${encodeURIComponent(busiest.urn)}`);
    await phone.waitForLoadState("networkidle");
    await phone.screenshot({ path: path.join(out, "case-phone.png"), fullPage: false });
    await phone.close();

    // the demo's LHR demand waits for a supervisor: on the board's "waiting for a person", decided there
    await page.goto(`${base}/board?airport=LHR`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(out, "board-waiting.png"), fullPage: false });

    // a review item as a supervisor sees it: the actions this role may take, and whom to hand the rest to
    const queue = (await (await page.request.get(`${base}/api/v1/manual-review?limit=50`)).json()) as { items: { urn: string; category: string }[] };
    const item = queue.items.find((i) => i.category === "MIXED_TIER_GROUP") ?? queue.items[0];
    if (!item) throw new Error("no review item to picture: is the demo data loaded?");
    await page.goto(`${base}/review/${encodeURIComponent(item.urn)}`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(out, "review.png"), fullPage: false });

    // opening a case by hand (the feed down): the form with a manifest checked row by row
    await page.goto(`${base}/cases/new`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(out, "new-case.png"), fullPage: false });
    console.log(`wrote ${path.relative(process.cwd(), out)}/: board.png, board-waiting.png, case.png and case-phone.png (case ${busiest.urn}), review.png, new-case.png`);
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
