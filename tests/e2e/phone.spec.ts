import { expect, test } from "./fixtures";
import { DEMO_USERS, SignInPage } from "./pages/sign-in";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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
