import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, SignInPage } from "./pages/sign-in";
import { approveRooms } from "./pages/wave";

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

/** Today's calendar date in Paris: the demo hotel's "tonight". */
// the night the hotel's desk is working (lib/cases/stay.ts nightUnderWay: until 05:00 Paris, the evening before's)
const parisToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() - 5 * 3_600_000));

/**
 * As an ADMIN (its own browser context): a CDG flight cancelled this evening whose mixed-tier PNR
 * every wave holds, booked by hand on the hotel's direct contract once the first wave has run.
 * Answers the names the desk should see.
 */
async function groupBookedAt(browser: Browser, hotelUrn: string): Promise<{ guests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await new SignInPage(page).signInAs("admin");
  const stamp = `${Date.now()}`;
  const tail = stamp.slice(-5);
  const today = parisToday();
  const next = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const held = `XH${tail}`;
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-extranet-${stamp}`,
      flight: { number: "AF1290", origin: "CDG", destination: "JFK", scheduledDeparture: `${today}T17:05:00Z`, status: "CANCELLED" },
      nextFlight: { number: "AF1292", scheduledDeparture: `${next}T08:10:00Z` },
      passengerGroups: [
        { pnr: `XF${tail}`, passengers: [{ id: `xf-${stamp}`, firstName: "Paul", lastName: "Placed", tier: "ECONOMY" }] },
        {
          pnr: held,
          passengers: [
            { id: `xm1-${stamp}`, firstName: "Mia", lastName: "Extranet", tier: "ECONOMY", specialNeeds: ["WHEELCHAIR"] },
            { id: `xm2-${stamp}`, firstName: "Noah", lastName: "Extranet", tier: "BUSINESS" },
          ],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const record = await res.json();
  await approveRooms(page, record.urn, record.roomsNeeded);
  const groupId = (record.passengerGroups as { pnr: string; groupId: string }[]).find((g) => g.pnr === held)!.groupId;
  // once the first wave exists, the held family is booked by hand on the hotel's direct contract
  await expect(async () => {
    const booked = await page.request.post("/api/v1/booking/manual", {
      data: { caseUrn: record.urn, groupId, hotelUrn, providerOfferId: `direct:${hotelUrn}`, reason: "e2e: the extranet's arriving group" },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
  await context.close();
  return { guests: ["EXTRANET, Mia", "EXTRANET, Noah"] };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

test("a hotel's front desk, on a phone, sees tonight's arrivals, confirms a booking and records the check-in", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // the demo's front desk of its first contracted CDG hotel (db/seed/users.ts)
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn("hotel@demo.test", DEMO_PASSWORD);
  // sign-in lands on the extranet (the address bar may still say /cases: the client router keeps the
  // URL it asked for when the proxy redirects its fetch), and any other console page sends the hotel user back there
  await expect(page.getByTestId("nav-extranet")).toBeVisible();
  // the proxy answers any other console page with a 307 to /extranet, before a page renders (issue 29)
  const toCases = await page.request.get("/cases", { maxRedirects: 0 });
  expect([toCases.status(), new URL(toCases.headers()["location"] ?? "", "http://x").pathname]).toEqual([307, "/extranet"]);
  await page.goto("/cases");
  await expect(page.getByTestId("nav-extranet")).toBeVisible();
  await expect(page.getByTestId("nav-cases")).toHaveCount(0);
  const hotel = page.getByTestId("extranet-hotel");
  await expect(hotel).toHaveCount(1);
  const hotelUrn = (await hotel.getAttribute("data-hotel-urn"))!;
  expect(hotelUrn).toMatch(/^urn:svc:hotel:/);

  const { guests } = await groupBookedAt(browser, hotelUrn);
  await page.reload();
  const card = page.getByTestId("arrival-card").filter({ hasText: guests[0] });
  await expect(card).toHaveCount(1);
  for (const g of guests) await expect(card.getByTestId("arrival-guests")).toContainText(g);
  await expect(card.getByTestId("arrival-needs")).toContainText("wheelchair");
  await noSidewaysScroll(page);
  expect(await axe(page)).toEqual([]);

  await card.getByTestId("confirm-booking").click();
  await expect(card.getByTestId("hotel-confirmed")).toBeVisible();
  await expect(card.getByTestId("confirm-booking")).toHaveCount(0);
  await card.getByTestId("record-checked-in").click();
  await expect(card.getByTestId("arrival-status")).toHaveText("Checked in");
  await expect(card.getByTestId("record-checked-in")).toHaveAttribute("aria-pressed", "true");

  // tonight's rooms and rate: saved and shown again after a reload
  const form = hotel.getByTestId("inventory-form");
  await form.getByTestId("inventory-rooms").fill("7");
  await form.getByTestId("inventory-rate").fill("89");
  await form.getByTestId("inventory-save").click();
  await expect(page.getByText("Tonight: 7 rooms at 89")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("inventory-rooms")).toHaveValue("7");
  await expect(page.getByTestId("arrival-card").filter({ hasText: guests[0] }).getByTestId("arrival-status")).toHaveText("Checked in");
  await noSidewaysScroll(page);
  expect(await axe(page)).toEqual([]);
});

test("a hotel's desk follows a capacity call's link through sign-in, answers it on a phone, and the board counts the answer", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // the supervisor's call, through the API (its e-mail links to /extranet?call=<urn>)
  const ops = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await ops.newPage();
  await new SignInPage(staff).signInAs("supervisor");
  const called = await staff.request.post("/api/v1/airports/CDG/capacity-calls", { data: { reason: "e2e: three flights cancelled, sources full" } });
  expect(called.status(), await called.text()).toBe(201);
  const call = (await called.json()) as { urn: string };

  // signed out, the link goes through sign-in and comes back to the call
  await page.goto(`/extranet?call=${encodeURIComponent(call.urn)}`);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await expect(page.locator("[data-testid=sign-in-form][data-hydrated]")).toBeVisible();
  await new SignInPage(page).signIn("hotel@demo.test", DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname === "/extranet" && u.searchParams.get("call") === call.urn);
  const card = page.getByTestId("capacity-call");
  await expect(card).toHaveAttribute("data-call-urn", call.urn);
  await expect(card).toContainText("three flights cancelled");
  const form = card.getByTestId("call-answer-form");
  await expect(form).toHaveCount(1);
  // a bad answer is refused by the verb, nothing counted
  await form.getByTestId("call-rooms").fill("-4");
  await form.getByTestId("call-answer-save").click();
  await expect(form.getByTestId("field-error")).toContainText("rooms");
  await form.getByTestId("call-rooms").fill("6");
  await form.getByTestId("call-answer-save").click();
  await expect(page.getByText("offers 6 rooms")).toBeVisible();
  await noSidewaysScroll(page);
  expect(await axe(page)).toEqual([]);

  // the board's count moves
  await expect
    .poll(async () => {
      const board = await (await staff.request.get("/api/v1/board?airport=CDG")).json();
      return board.capacityCall && { urn: board.capacityCall.urn, answered: board.capacityCall.answered, roomsOffered: board.capacityCall.roomsOffered };
    })
    .toEqual({ urn: call.urn, answered: 1, roomsOffered: 6 });
  await ops.close();
});
