import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in";

let seq = 0;

/**
 * A CDG case through the API: the Martin family (two ECONOMY, one BUSINESS in a wheelchair) and a
 * colleague travelling with them on one PNR, which spans two tiers (a MIXED_TIER_GROUP item).
 */
async function familyCase(page: Page) {
  const stamp = `${Date.now()}-${seq++}`;
  const pnr = `MA${String(Date.now()).slice(-4)}${seq}`;
  const id = (n: string) => `${n}-${stamp}`;
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-split-${stamp}`,
      flight: { number: "AF1290", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1292", scheduledDeparture: "2026-11-22T09:30:00Z" },
      passengerGroups: [
        {
          pnr,
          passengers: [
            { id: id("ANNE"), firstName: "Anne", lastName: "Martin", tier: "ECONOMY" },
            { id: id("PAUL"), firstName: "Paul", lastName: "Martin", tier: "ECONOMY" },
            { id: id("LEA"), firstName: "Léa", lastName: "Martin", tier: "BUSINESS", specialNeeds: ["WHEELCHAIR"] },
            { id: id("JEAN"), firstName: "Jean", lastName: "Dupont", tier: "ECONOMY" },
          ],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { caseUrn: (await res.json()).urn as string, pnr, id };
}

async function groupsOf(page: Page, caseUrn: string): Promise<{ groupId: string; passengerIds: string[] }[]> {
  const res = await page.request.get(`/api/v1/cases/${encodeURIComponent(caseUrn)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).passengerGroups;
}

/** axe (WCAG 2 A and AA) on the split form as it stands, warning shown. */
async function formViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).include("[data-testid=split-form]").analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const passenger = (page: Page, name: string) => page.locator(`[data-testid=split-passenger][data-name="${name}"]`);

test("case page: split a group by ticking names, with tier and needs beside each and a warning when a family is split", async ({ page }) => {
  await new SignInPage(page).signInAs("admin");
  const { caseUrn, pnr, id } = await familyCase(page);
  await page.goto(`/cases/${encodeURIComponent(caseUrn)}`);
  const row = page.getByTestId("group-row").filter({ hasText: pnr });
  await row.getByTestId("group-split-open").click();
  const dialog = page.getByTestId("group-split-dialog");
  await expect(dialog).toBeVisible();

  // names, never the ids the console does not show; tier and special needs beside each
  await expect(dialog.getByTestId("split-passenger")).toHaveCount(4);
  await expect(passenger(page, "MARTIN Léa")).toContainText("business");
  await expect(passenger(page, "MARTIN Léa")).toContainText("wheelchair");
  await expect(passenger(page, "DUPONT Jean")).toContainText("economy");
  await expect(dialog).not.toContainText(id("LEA"));

  // one must move and one must stay: inline errors
  await dialog.getByTestId("split-reason").fill("Léa needs an accessible business room");
  await dialog.getByTestId("split-submit").click();
  await expect(dialog.getByTestId("field-error")).toHaveText("Tick at least one passenger to move to a new group.");
  for (const name of ["MARTIN Anne", "MARTIN Paul", "MARTIN Léa", "DUPONT Jean"]) await passenger(page, name).getByTestId("split-move").click();
  await dialog.getByTestId("split-submit").click();
  await expect(dialog.getByTestId("field-error")).toHaveText("At least one passenger must stay in the group: untick someone.");
  for (const name of ["MARTIN Anne", "MARTIN Paul", "DUPONT Jean"]) await passenger(page, name).getByTestId("split-move").click();

  // Léa alone moves: her family stays behind, which is worth a warning but not a refusal
  await expect(dialog.getByTestId("split-family-warning")).toContainText("Martin family: 2 stay, 1 moves — split anyway?");
  await expect(dialog.getByTestId("split-summary")).toHaveText(`3 stay in ${pnr}; 1 moves to a new group, allocated on its own.`);
  await expect(dialog.getByTestId("split-submit")).toHaveText("Split anyway");
  expect(await formViolations(page)).toEqual([]);
  await dialog.getByTestId("split-submit").click();
  await expect(dialog).toHaveCount(0);

  // the form sent the ids behind the names
  const groups = await groupsOf(page, caseUrn);
  expect(groups.map((g) => [g.groupId, [...g.passengerIds].sort()]).sort()).toEqual([
    [pnr, [id("ANNE"), id("JEAN"), id("PAUL")].sort()],
    [`${pnr}-2`, [id("LEA")]],
  ]);
  await expect(page.getByTestId("group-row").filter({ hasText: `${pnr}-2` })).toContainText("MARTIN Léa");

  // moving the whole family together warns of nothing
  await page.getByTestId("group-row").filter({ hasText: "DUPONT Jean" }).getByTestId("group-split-open").click();
  await passenger(page, "DUPONT Jean").getByTestId("split-move").click();
  await expect(page.getByTestId("split-family-warning")).toHaveCount(0);
  await expect(page.getByTestId("split-submit")).toHaveText("Split");
});

test("review item: split by name, then the resolve form defaults to what was done (split)", async ({ page }) => {
  // the dark theme here, the light one on the case page: the form passes axe in both
  await page.addInitScript(() => {
    if (window.top === window) localStorage.setItem("theme", "dark");
  });
  await new SignInPage(page).signInAs("admin");
  const { caseUrn, pnr, id } = await familyCase(page);
  const list = await page.request.get(`/api/v1/manual-review?caseUrn=${encodeURIComponent(caseUrn)}&category=MIXED_TIER_GROUP`);
  const itemUrn = (await list.json()).items[0].urn as string;
  await page.goto(`/review/${encodeURIComponent(itemUrn)}`);

  // nothing done yet: nothing preselected, and resolving without a choice is refused inline
  await page.getByRole("tab", { name: "Resolve" }).click();
  await expect(page.getByTestId("review-resolution")).toHaveValue("");
  await page.getByTestId("review-reason").fill("checking");
  await page.getByTestId("review-resolve-submit").click();
  await expect(page.getByTestId("review-resolve-form").getByTestId("field-error")).toHaveText("Choose what was done about this item.");

  await page.getByRole("tab", { name: "Split" }).click();
  const form = page.getByTestId("split-form");
  await expect(form.getByTestId("split-passenger")).toHaveCount(4);
  await passenger(page, "MARTIN Léa").getByTestId("split-move").click();
  await expect(form.getByTestId("split-family-warning")).toContainText("Martin family: 2 stay, 1 moves — split anyway?");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await formViolations(page)).toEqual([]);
  await form.getByTestId("split-reason").fill("business passenger in her own room");
  await form.getByTestId("split-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Group split" })).toBeVisible();

  const item = await (await page.request.get(`/api/v1/manual-review/${encodeURIComponent(itemUrn)}`)).json();
  expect(item.affectedGroups).toEqual([pnr, `${pnr}-2`]);
  const groups = await groupsOf(page, caseUrn);
  expect(groups.find((g) => g.groupId === `${pnr}-2`)?.passengerIds).toEqual([id("LEA")]);

  // the resolve form now says what was done: a split, not "rebooked"
  await page.getByRole("tab", { name: "Resolve" }).click();
  await expect(page.getByTestId("review-resolution")).toHaveValue("SPLIT");
  await expect(page.getByTestId("review-resolution-hint")).toContainText("a split");
  await page.getByTestId("review-reason").fill("split by tier; both parts allocated");
  await page.getByTestId("review-resolve-submit").click();
  await expect(page.getByTestId("review-item-resolution")).toContainText("Resolved split");
  const resolved = await (await page.request.get(`/api/v1/manual-review/${encodeURIComponent(itemUrn)}`)).json();
  expect(resolved).toMatchObject({ state: "RESOLVED", resolution: "SPLIT" });
});
