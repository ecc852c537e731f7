import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in";
import { approveRooms, createCaseWithHeldGroup } from "./pages/wave";

/** The review item the intake raised for a case (its mixed-tier PNR). */
async function itemOf(page: Page, caseUrn: string): Promise<string> {
  const res = await page.request.get(`/api/v1/manual-review?caseUrn=${encodeURIComponent(caseUrn)}`);
  expect(res.status()).toBe(200);
  const urn = (await res.json()).items[0]?.urn as string;
  expect(urn).toBeTruthy();
  return urn;
}

test.describe("times and words (issue 31, point 10)", () => {
  test("the audit follows the header's Local/UTC choice, in its Time column and inside changes, and keeps a PNR as typed", async ({ page }) => {
    test.setTimeout(120_000);
    await new SignInPage(page).signInAs("supervisor");
    const { caseUrn, roomsNeeded, held } = await createCaseWithHeldGroup(page);
    await approveRooms(page, caseUrn, roomsNeeded);
    // the mixed-tier PNR split in two: the audit's change names the groups by their codes
    const record = await (await page.request.get(`/api/v1/cases/${encodeURIComponent(caseUrn)}`)).json();
    const group = record.passengerGroups.find((g: { pnr: string }) => g.pnr === held);
    const ids: string[] = group.passengerIds;
    const split = await page.request.post(`/api/v1/cases/${encodeURIComponent(caseUrn)}/groups/${encodeURIComponent(group.groupId)}/split`, {
      data: { into: [[ids[0]], [ids[1]]], reason: "e2e: one per cabin" },
    });
    expect(split.status(), await split.text()).toBe(200);

    await page.goto(`/audit?caseUrn=${encodeURIComponent(caseUrn)}`);
    await expect(page.getByTestId("time-mode-local")).toHaveAttribute("aria-pressed", "true");
    // CDG in November: CET, in the Time column and in the approval's "decided at"
    await expect(page.getByTestId("audit-time").first()).toContainText("CET");
    const approval = page.getByTestId("audit-row").filter({ has: page.getByTestId("audit-action").getByText("Demand approved", { exact: true }) });
    const decided = approval.getByTestId("audit-change").filter({ hasText: "decided at" });
    await expect(decided).toContainText(/decided at \w{3} \d{1,2} \w{3} \d{2}:\d{2} CET/);
    await expect(decided).not.toContainText("UTC");
    // the split's change keeps the group's code as typed, not "wm 12345"
    const splitRow = page.getByTestId("audit-row").filter({ has: page.getByTestId("audit-action").getByText("Group split", { exact: true }) });
    await expect(splitRow.getByTestId("audit-changes").first()).toContainText(group.groupId);
    await expect(splitRow).not.toContainText(group.groupId.toLowerCase());

    // UTC chosen: every time on the page follows, the changes too
    await page.getByTestId("time-mode-utc").click();
    await expect(page.getByTestId("audit-time").first()).toContainText("UTC");
    await expect(decided).toContainText(/decided at \w{3} \d{1,2} \w{3} \d{2}:\d{2} UTC/);
  });

  test("reports: this week so far beside the kept weeks, and no ISO stamp", async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
    await page.goto("/reports");
    await page.getByTestId("report-week-so-far").click();
    await expect(page).toHaveURL(/report=this-week/);
    const period = page.getByTestId("report-period");
    await expect(period).toContainText(/This week so far: since Mon \d{1,2} \w{3} 00:00/);
    await expect(period).toContainText(/as of \w{3} \d{1,2} \w{3} \d{2}:\d{2} (CET|CEST|GMT|BST|UTC)/);
    await expect(period).not.toContainText(/\d{2}:\d{2}Z/);
    await expect(page.getByTestId("report-totals")).toBeVisible();
  });

  test("the sign-in page names the demo hotel user's hotel as their scope, not 'all airports'", async ({ page }) => {
    await new SignInPage(page).goto();
    const hotel = page.getByTestId("demo-hotel");
    await expect(hotel.getByTestId("demo-scope")).toHaveText(/ \(CDG\) only$/);
    await expect(hotel).not.toContainText("all airports");
    await expect(page.getByTestId("demo-supervisor").getByTestId("demo-scope")).toHaveText("all airports");
  });

  test("a resolved review item shows its resolution, not 'No recommendation'", async ({ page }) => {
    test.setTimeout(120_000);
    // an admin may create cases and act on review items
    await new SignInPage(page).signInAs("admin");
    const { caseUrn } = await createCaseWithHeldGroup(page);
    const itemUrn = await itemOf(page, caseUrn);
    const claim = await page.request.post(`/api/v1/manual-review/${encodeURIComponent(itemUrn)}/claim`);
    expect(claim.status(), await claim.text()).toBe(200);
    const resolve = await page.request.post(`/api/v1/manual-review/${encodeURIComponent(itemUrn)}/resolve`, { data: { resolution: "NO_ACTION", reason: "e2e: handled at the desk" } });
    expect(resolve.status(), await resolve.text()).toBe(200);
    await page.goto(`/review/${encodeURIComponent(itemUrn)}`);
    const recommendations = page.getByTestId("review-recommendations");
    await expect(recommendations.getByTestId("review-recommendations-resolved")).toContainText(/Resolved no action by Ada Admin at/);
    await expect(recommendations).not.toContainText("No recommendation");
  });
});

test.describe("counts that mislead (issue 31, point 7)", () => {
  test("the board tells a supervisor whom to tell about unsent mail, and an admin what to set", async ({ page }) => {
    test.setTimeout(120_000);
    await new SignInPage(page).signInAs("supervisor");
    const { caseUrn, roomsNeeded } = await createCaseWithHeldGroup(page);
    await approveRooms(page, caseUrn, roomsNeeded);
    // no mail server in the e2e server: the booked family's voucher email is kept
    await expect(async () => {
      await page.goto("/board?airport=CDG");
      await expect(page.getByTestId("board-emails-kept")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId("board-emails-kept")).toContainText("mail is not being sent: tell your administrator");
    await expect(page.getByTestId("board")).not.toContainText("SMTP_URL");

    await page.context().clearCookies();
    await new SignInPage(page).signInAs("admin");
    await page.goto("/board?airport=CDG");
    await expect(page.getByTestId("board-emails-kept")).toContainText("set SMTP_URL (docs/configuration.md)");
  });
});
