import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { DEMO_USERS, SignInPage } from "./pages/sign-in";
import { approveRooms, createCaseWithHeldGroup } from "./pages/wave";

test.describe("names, not ids", () => {
  // an admin: the role that both claims review items and computes the tenant's report
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("admin");
  });

  test("a ride names its flight, a claimer is named, a report names its policies", async ({ page }) => {
    test.setTimeout(180_000);
    const booked = await bookedCase(page);
    const created = await page.request.post("/api/v1/transport/segments", {
      data: { reservationUrn: booked.reservationUrn, direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T19:00:00Z", vehicleType: "SHUTTLE" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const segmentUrn = (await created.json()).urn as string;

    // the airport's transport board names the case by its flight, route and day, not "case:…5c2dcdb4"
    await page.goto("/transport?airport=CDG");
    const ride = page.locator(`[data-testid=segment-row][data-urn="${segmentUrn}"]`);
    await expect(ride.getByTestId("segment-case")).toHaveText("AF1280 CDG→JFK, 21 Nov");
    await expect(page.getByTestId("transport-board")).not.toContainText("case:…");

    // whoever claims a review item is named in the queue, its summary and on the item
    const claim = await page.request.post(`/api/v1/manual-review/${encodeURIComponent(booked.itemUrn)}/claim`);
    expect(claim.status(), await claim.text()).toBe(200);
    await page.goto("/review");
    await expect(page.locator(`[data-testid=review-row][data-urn="${booked.itemUrn}"]`).getByTestId("review-assignee")).toHaveText(DEMO_USERS.admin.name);
    await expect(page.getByTestId("review-claimants")).toContainText(`${DEMO_USERS.admin.name}:`);
    await expect(page.getByTestId("review-claimants")).not.toContainText("urn:svc:user");
    await page.goto(`/review/${encodeURIComponent(booked.itemUrn)}`);
    await expect(page.getByTestId("review-item-assignee")).toHaveText(`claimed by ${DEMO_USERS.admin.name}`);
    await expect(page.getByTestId("review-item-wave")).not.toContainText("urn:svc:");

    // the week's report lists the policies behind its review items by name
    const report = await page.request.post("/api/v1/reports", { data: { weekOf: new Date().toISOString().slice(0, 10) } });
    expect(report.status(), await report.text()).toBeLessThan(300);
    await page.goto(`/reports?report=${encodeURIComponent((await report.json()).urn)}`);
    await expect(page.getByTestId("report-policy").first()).toContainText(/CDG .*cabins|Global fallback/);
    await expect(page.getByTestId("report-policies")).not.toContainText("urn:svc:policy");
  });
});

test.describe("the audit, for people", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("refused requests are hidden until asked for; a case's audit lists its demand's approval as 'before → after' in words", async ({ page }) => {
    const { caseUrn, roomsNeeded } = await createCaseWithHeldGroup(page);
    await approveRooms(page, caseUrn, roomsNeeded);
    // a supervisor may not reopen a case (ADMIN only): refused, and the refusal is audited on the case
    const refused = await page.request.post(`/api/v1/cases/${encodeURIComponent(caseUrn)}/reopen`, { data: { reason: "e2e: trying beyond my role" } });
    expect(refused.status()).toBe(403);

    // the case page's recent activity says it in words (its newest 8: booking may already have pushed the approval out)
    await page.goto(`/cases/${encodeURIComponent(caseUrn)}`);
    await expect(page.getByTestId("case-audit-entry").first()).toContainText(/ago\s*by /);

    // the whole audit of the case: the demand's approval is there, with its change in words and no raw JSON in sight
    await page.getByTestId("case-audit-link").click();
    await expect(page).toHaveURL(/caseUrn=/);
    await expect(page.getByTestId("audit-case-filter")).toContainText("AF1280 CDG→JFK, 21 Nov");
    const approval = page.getByTestId("audit-row").filter({ has: page.getByTestId("audit-action").getByText("Demand approved", { exact: true }) });
    await expect(approval).toHaveCount(1);
    await expect(approval.getByTestId("audit-change").filter({ hasText: "Status:" })).toHaveText("Status: requested → approved");
    await expect(approval.getByTestId("audit-raw").locator("pre")).toBeHidden();
    // by its action: the right to care's entry names its trigger (CASE_CREATED) among its changes
    await expect(page.getByTestId("audit-row").filter({ has: page.getByTestId("audit-action").getByText("Case created", { exact: true }) })).toHaveCount(1);
    await expect(page.getByTestId("audit-action").getByText("Request refused")).toHaveCount(0);

    // asked for, the refused request shows: in words, its path only on hover
    await page.getByLabel("Show refused requests").check();
    await page.getByTestId("audit-apply").click();
    await expect(page).toHaveURL(/refused=include/);
    const refusal = page.getByTestId("audit-row").filter({ has: page.getByTestId("audit-action").getByText("Request refused", { exact: true }) });
    await expect(refusal).toHaveCount(1);
    await expect(refusal.getByTestId("audit-refusal")).not.toContainText("/api/v1/");
    await expect(refusal.getByTestId("audit-refusal")).toHaveAttribute("title", /POST \/api\/v1\/cases\/.*\/reopen/);

    // the tenant's audit leaves refused requests out by default too
    await page.goto("/audit");
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    await expect(page.getByTestId("audit-action").getByText("Request refused")).toHaveCount(0);
  });
});
