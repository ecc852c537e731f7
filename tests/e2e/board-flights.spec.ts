import { expect, test } from "./fixtures";
import { createCase } from "./pages/case";
import { SignInPage } from "./pages/sign-in";
import { approveRooms, createCaseWithHeldGroup } from "./pages/wave";

test("the board shows the night flight by flight: a row per open case, most urgent first, its counts moving without a reload", async ({ page }) => {
  test.setTimeout(150_000);
  await new SignInPage(page).signInAs("supervisor");
  // an ordinary case first (it has waited longer), then one whose mixed-tier family every wave holds
  const waitingUrn = await createCase(page, "CDG", 4);
  const held = await createCaseWithHeldGroup(page);

  await page.goto("/board?airport=CDG");
  const rows = page.getByTestId("board-flight");
  const rowOf = (urn: string) => page.locator(`[data-testid=board-flight][data-case-urn="${urn}"]`);
  const heldRow = rowOf(held.caseUrn);
  const waitingRow = rowOf(waitingUrn);
  await expect(heldRow).toBeVisible();
  await expect(waitingRow).toBeVisible();

  // flight, route, passengers, a labelled bar of rooms booked of needed, status, what waits and how long
  await expect(heldRow.getByTestId("board-flight-link")).toHaveText("AF1280");
  await expect(heldRow.getByTestId("board-flight-link")).toHaveAttribute("href", `/cases/${encodeURIComponent(held.caseUrn)}`);
  await expect(heldRow.getByTestId("board-flight-route")).toHaveText("CDG → JFK");
  await expect(heldRow.getByTestId("board-flight-passengers")).toHaveText("4 passengers");
  const bar = heldRow.getByRole("progressbar", { name: "Rooms booked for AF1280" });
  await expect(bar).toHaveAttribute("aria-valuemax", String(held.roomsNeeded));
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expect(heldRow.getByTestId("board-flight-rooms")).toHaveText(`0 of ${held.roomsNeeded} rooms booked`);
  await expect(heldRow.getByTestId("board-flight-status")).toHaveText("open");
  await expect(heldRow.getByTestId("board-flight-headline")).toHaveText(/ · (<1 min|\d+ min)$/);
  await expect(waitingRow.getByTestId("board-flight-headline")).toHaveText(/^1 group waiting for a room · (<1 min|\d+ min)$/);
  await expect(waitingRow.getByTestId("board-flight-rooms")).toHaveText("0 of 2 rooms booked");

  let navigated = false;
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame()) navigated = true;
  });
  // approved: the wave books the family and holds the mixed-tier group; the row follows by itself
  await approveRooms(page, held.caseUrn, held.roomsNeeded);
  await expect(heldRow.getByTestId("board-flight-rooms")).toHaveText(`1 of ${held.roomsNeeded} rooms booked`, { timeout: 90_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", "1");
  await expect(heldRow).toHaveAttribute("data-urgency", "STUCK", { timeout: 30_000 });
  await expect(heldRow.getByTestId("board-flight-headline")).toHaveText(/^1 group held · (<1 min|\d+ min)$/);

  // stuck comes before waiting, although the other case has waited longer
  const order = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-case-urn")));
  expect(order.indexOf(held.caseUrn)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(held.caseUrn)).toBeLessThan(order.indexOf(waitingUrn));
  const urgencies = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-urgency")));
  const rank = { STUCK: 0, WAITING: 1, CALM: 2 } as Record<string, number>;
  expect(urgencies.map((u) => rank[u!])).toEqual([...urgencies.map((u) => rank[u!])].sort((a, b) => a - b));

  // a group added to the other case: its row counts it without a reload
  const csv = "pnr,passengerId,firstName,lastName,tier\nADD001,add-1-" + Date.now() + ",Ana,Added,ECONOMY\nADD001,add-2-" + Date.now() + ",Bo,Added,ECONOMY\n";
  const added = await page.request.post(`/api/v1/cases/${encodeURIComponent(waitingUrn)}/passengers:bulk`, {
    multipart: { file: { name: "more.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await expect(waitingRow.getByTestId("board-flight-passengers")).toHaveText("6 passengers", { timeout: 15_000 });
  await expect(waitingRow.getByTestId("board-flight-rooms")).toHaveText("0 of 3 rooms booked");
  await expect(waitingRow.getByTestId("board-flight-headline")).toHaveText(/^2 groups waiting for a room · /);
  expect(navigated, "the board updated in place").toBe(false);

  // the row leads to its case
  await heldRow.getByTestId("board-flight-link").click();
  await page.waitForURL((u) => decodeURIComponent(u.pathname) === `/cases/${held.caseUrn}`);
  await expect(page.getByTestId("case-flight")).toBeVisible();
});
