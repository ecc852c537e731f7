import { expect, test } from "./fixtures";
import { ConsoleShell } from "./pages/console";
import { SignInPage } from "./pages/sign-in";

test.describe("as an admin", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("admin");
  });

  test("every section opens from the navigation", async ({ page }) => {
    const shell = new ConsoleShell(page);
    for (const key of ["review", "reports", "audit", "policies", "cases", "admin"] as const) {
      await shell.open(key);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("the audit page renders its filters and entries, and filters by entity kind", async ({ page }) => {
    await page.goto("/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
    await expect(page.getByTestId("audit-filters")).toBeVisible();
    await expect(page.getByTestId("audit-table").or(page.getByTestId("audit-empty"))).toBeVisible();
    await page.getByLabel("Entity kind").selectOption("token");
    await page.getByTestId("audit-apply").click();
    await expect(page).toHaveURL(/entity=token/);
    await expect(page.getByTestId("audit-table").or(page.getByTestId("audit-empty"))).toBeVisible();
  });

  test("the review queue lists the demo case's mixed-tier item and filters by priority", async ({ page }) => {
    await page.goto("/review");
    await expect(page.getByTestId("review-filters")).toBeVisible();
    await expect(page.getByTestId("review-row").filter({ hasText: /mixed/i }).first()).toBeVisible();
    await page.getByTestId("review-filter-priority").selectOption("HIGH");
    await page.getByTestId("review-filter-apply").click();
    await expect(page).toHaveURL(/priority=HIGH/);
    // intake raises only LOW items, so nothing HIGH is waiting
    await expect(page.getByTestId("review-row")).toHaveCount(0);
    await page.getByTestId("review-filters").getByRole("link", { name: "Clear" }).click();
    await expect(page.getByTestId("review-row").first()).toBeVisible();
    // the cleared filter shows as cleared, not as the value applied before
    await expect(page.getByTestId("review-filter-priority")).toHaveValue("");
    await page.screenshot({ path: "tests/e2e/screenshots/review-queue.png" });
  });

  test("the API reference lists the operations and links the OpenAPI document", async ({ page }) => {
    await page.goto("/api-reference");
    await expect(page.getByTestId("api-operation").first()).toBeVisible();
    await expect(page.getByText("/audit", { exact: true }).first()).toBeVisible();
    const href = await page.getByTestId("openapi-json-link").getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect((await res.json()).openapi).toBe("3.1.0");
  });

  test("mint a service token, see it once, then revoke it with a reason", async ({ page }) => {
    const name = `E2E feed ${Date.now()}`;
    await page.goto("/admin/tokens");
    await page.getByTestId("mint-token-open").click();
    await page.getByTestId("mint-token-name").fill(name);
    await page.getByTestId("mint-token-airports").fill("CDG, ORY");
    await page.getByTestId("mint-token-submit").click();
    const token = await page.getByTestId("minted-token").inputValue();
    expect(token.split(".")).toHaveLength(3);

    // the token authenticates (FEED may not read the audit log: 403, not 401) until it is revoked
    const before = await page.request.get("/api/v1/audit", { headers: { authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(403);
    await page.getByTestId("mint-token-done").click();
    await expect(page.getByTestId("minted-token")).toHaveCount(0);

    const row = page.getByTestId("token-row").filter({ hasText: name });
    await expect(row.getByTestId("token-status")).toHaveText(/active/i);
    await row.getByTestId("token-revoke").click();
    await page.getByTestId("token-revoke-confirm").click();
    await expect(page.getByTestId("field-error")).toHaveText(/reason is required/i);
    await page.getByTestId("token-revoke-reason").fill("end-to-end test");
    await page.getByTestId("token-revoke-confirm").click();
    await expect(row.getByTestId("token-status")).toHaveText(/revoked/i);

    const refused = await page.request.get("/api/v1/audit", { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);

    await page.goto("/audit?entity=token");
    await expect(page.getByTestId("audit-row").filter({ hasText: "end-to-end test" })).toBeVisible();
  });

  test("job runs list renders", async ({ page }) => {
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Job runs" })).toBeVisible();
    await expect(page.getByTestId("jobs-table").or(page.getByTestId("jobs-empty"))).toBeVisible();
  });
});
