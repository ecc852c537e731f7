import { expect, test } from "./fixtures";
import { createCase } from "./pages/case";
import { SignInPage } from "./pages/sign-in";

test.describe("the operations board, as an ops supervisor", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("opens from the navigation on the busiest airport, and its counts move without a reload", async ({ page }) => {
    await page.getByTestId("nav-board").click();
    await expect(page).toHaveURL(/\/board/);
    await page.goto("/board?airport=CDG");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/CDG/);
    const open = page.getByTestId("board-open-cases");
    const updated = page.getByTestId("board-updated");
    await expect(updated).toHaveText(/^\d\d:\d\d:\d\d CES?T$/);
    const before = Number(await open.textContent());
    const firstCheck = await updated.textContent();

    // a case from the API (the session authenticates): the poller sees the revision move
    let navigated = false;
    page.on("framenavigated", (f) => {
      if (f === page.mainFrame()) navigated = true;
    });
    await createCase(page, "CDG", 2);
    await expect(open).toHaveText(String(before + 1), { timeout: 15_000 });
    await expect(updated).not.toHaveText(firstCheck!);
    expect(navigated, "the board updated in place").toBe(false);
    await expect(page.getByTestId("board-offline")).toHaveCount(0);

    // the airport switcher names the airport shown; another airport is another read
    await expect(page.getByTestId("board-airport")).toHaveValue("CDG");
    await page.goto("/board?airport=ORY");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ORY/);
    await expect(page.getByTestId("board-airport")).toHaveValue("ORY");
  });

  test("shows a calm refusal for an airport outside the user's scope", async ({ page }) => {
    await page.getByTestId("sign-out").click();
    await new SignInPage(page).signInAs("operator-lhr");
    await page.goto("/board?airport=CDG");
    await expect(page.getByTestId("list-out-of-scope")).toBeVisible();
  });
});
