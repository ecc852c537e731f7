import { expect, test } from "./fixtures";
import { ConsoleShell, type NavKey } from "./pages/console";
import { DEMO_USERS, type DemoRole, SignInPage } from "./pages/sign-in";

const EXPECTED_NAV: Record<DemoRole, NavKey[]> = {
  admin: ["cases", "review", "policies", "audit", "reports", "admin"],
  supervisor: ["cases", "review", "policies", "audit", "reports"],
  "operator-cdg": ["cases", "review", "policies", "audit", "reports"],
  "operator-lhr": ["cases", "review", "policies", "audit", "reports"],
};

test("a signed-out visitor is sent to the sign-in page", async ({ page }) => {
  await page.goto("/audit");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByTestId("demo-accounts")).toBeVisible();
});

test("a wrong password shows an inline error and keeps the e-mail", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO_USERS.admin.email, "not-the-password");
  await expect(signIn.error()).toHaveText(/incorrect/i);
  await expect(signIn.email()).toHaveValue(DEMO_USERS.admin.email);
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a demo account fills the form in one click", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByTestId("demo-supervisor").click();
  await expect(signIn.email()).toHaveValue(DEMO_USERS.supervisor.email);
  await expect(signIn.password()).toHaveValue("demo");
  await signIn.submit().click();
  await expect(new ConsoleShell(page).user()).toContainText(DEMO_USERS.supervisor.name);
});

for (const role of Object.keys(EXPECTED_NAV) as DemoRole[]) {
  test(`${role} sees the navigation of its role`, async ({ page }) => {
    await new SignInPage(page).signInAs(role);
    const shell = new ConsoleShell(page);
    const user = DEMO_USERS[role];
    await expect(shell.user()).toContainText(user.name);
    await expect(shell.user()).toContainText(user.roles);
    await expect(shell.user()).toContainText(user.airports);
    await expect(shell.user()).toContainText("AF");
    expect(await shell.visibleNav()).toEqual(EXPECTED_NAV[role]);
    await page.screenshot({ path: `tests/e2e/screenshots/${role}.png`, fullPage: true });

    if (role !== "admin") {
      // a typed URL does not get round the hidden navigation
      await page.goto("/admin/tokens");
      await expect(page.getByTestId("forbidden")).toBeVisible();
    }
    await shell.signOut();
    await page.goto("/cases");
    await expect(page).toHaveURL(/\/sign-in/);
  });
}
