import { expect, test } from "./fixtures";
import { CasePage, createCase } from "./pages/case";
import { PoliciesPage } from "./pages/policies";
import { SignInPage } from "./pages/sign-in";

test.describe("as an ops supervisor", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("create a policy, activate it, publish a new version and roll back", async ({ page }) => {
    const policies = new PoliciesPage(page);
    const name = `Lyon crew ${Date.now()}`;
    await policies.goto();
    await policies.openNew();

    // the form validates with the API's schema: a missing name is refused inline
    await policies.save();
    await expect(page.getByTestId("policy-form-error")).toBeVisible();
    await expect(page.getByTestId("field-error").first()).toBeVisible();

    await policies.field("name").fill(name);
    await policies.field("context.airport").fill("LYS");
    await page.getByTestId("policy-tiers-ECONOMY").click();
    await page.getByTestId("policy-tiers-CREW").click();
    await policies.field("constraints.maxNightlyRate").fill("140");
    await policies.save();
    await expect(page).toHaveURL(/\/policies$/);

    const v1 = policies.version(name);
    await expect(v1.getByTestId("policy-status")).toHaveText(/draft/);
    await policies.activate(v1, "first Lyon crew policy");
    await expect(v1.getByTestId("policy-status")).toHaveText(/active/);

    // a new version of the same context, then the rollback to the first
    const context = page.getByTestId("policy-context").filter({ hasText: name });
    await context.getByTestId("policy-new-version").click();
    await expect(page.getByTestId("policy-form")).toBeVisible();
    await policies.field("name").fill(`${name} v2`);
    await policies.field("constraints.minStars").selectOption("4");
    await policies.save();
    await expect(page).toHaveURL(/\/policies$/);
    const v2 = policies.version(`${name} v2`);
    await policies.activate(v2);
    await expect(v2.getByTestId("policy-status")).toHaveText(/active/);
    await expect(v1.getByTestId("policy-status")).toHaveText(/archived/);

    await policies.activate(v1, "v2 too strict for the night");
    await expect(v1.getByTestId("policy-status")).toHaveText(/active/);
    await expect(v2.getByTestId("policy-status")).toHaveText(/archived/);

    await page.goto("/audit?entity=policy&action=activate");
    await expect(page.getByTestId("audit-row").filter({ hasText: "v2 too strict for the night" }).first()).toBeVisible();
  });

  test("approve a demand with a required reason", async ({ page }) => {
    const urn = await createCase(page, "CDG", 4);
    const casePage = new CasePage(page);
    await casePage.goto(urn);
    await expect(page.getByTestId("rooms-meter")).toBeVisible();

    // above the policies' automatic ceiling, so a supervisor decides; far above the 2 rooms the
    // manifest needs, so both dialogs ask to confirm the number first
    await casePage.requestRooms(60, { acknowledgeExcess: true });
    await expect(casePage.demandRow().getByTestId("demand-status")).toHaveText(/requested/);

    await casePage.demandRow().getByTestId("demand-approve").click();
    await expect(page.getByTestId("reason-confirm")).toBeDisabled();
    await page.getByTestId("guard-confirm").check();
    await page.getByTestId("reason-confirm").click();
    await expect(page.getByTestId("field-error")).toHaveText(/reason is required/i);
    await casePage.confirmWithReason("confirmed with the duty manager");
    await expect(casePage.demandRow().getByTestId("demand-status")).not.toHaveText(/requested/);
    await expect(casePage.demandRow()).toContainText("confirmed with the duty manager");
    await expect(page.getByTestId("stat-approved")).toHaveText("60");
    await page.screenshot({ path: "tests/e2e/screenshots/case-approved.png", fullPage: true });
  });

  test.describe("the passenger upload", () => {
    // a refused file is the API's 422, which the browser logs as a failed resource load: expected here
    test.use({ allowConsoleErrors: [/status of 422 .*passengers:bulk/] });

    test("upload a passenger spreadsheet: rejected rows are listed, a valid file is added", async ({ page }) => {
      const urn = await createCase(page, "CDG", 1);
      const casePage = new CasePage(page);
      await casePage.goto(urn);
      await page.getByTestId("upload-passengers-open").click();

      const header = "pnr,passengerId,firstName,lastName,tier,email,phone,specialNeeds";
      await casePage.upload("bad.csv", [header, "UPL001,u1,Ana,Lima,ECONOMY,ana@example.test,,", "UPL001,u2,Bo,Chen,SUPERSONIC,,,", "UPL002,,Cy,Diaz,ECONOMY,not-an-email,,"].join("\n"));
      const errors = page.getByTestId("upload-row-error");
      await expect(errors).toHaveCount(2);
      await expect(errors.nth(0)).toContainText("3");
      await expect(errors.nth(0)).toContainText("tier");
      await expect(errors.nth(1)).toContainText("4");
      await page.screenshot({ path: "tests/e2e/screenshots/upload-errors.png" });

      await casePage.upload("good.csv", [header, "UPL001,u1,Ana,Lima,ECONOMY,ana@example.test,,", "UPL001,u2,Bo,Chen,BUSINESS,bo@example.test,,WHEELCHAIR"].join("\n"));
      await expect(page.getByTestId("upload-result")).toContainText("2 passengers added");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("group-row").filter({ hasText: "UPL001" })).toBeVisible();
    });
  });
});
