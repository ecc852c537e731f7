import { expect, type Locator, type Page } from "@playwright/test";

/** The policies list, its version history and the policy form. */
export class PoliciesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/policies");
    await expect(this.page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
  }

  field(name: string): Locator {
    return this.page.getByTestId(`policy-${name.replaceAll(".", "-")}`);
  }

  async openNew() {
    await this.page.getByTestId("policy-new").click();
    await expect(this.page.getByTestId("policy-form")).toBeVisible();
  }

  async save() {
    await this.page.getByTestId("policy-save").click();
  }

  /** The version row of a policy by its name (its group shows its history while it has a draft). */
  version(name: string): Locator {
    return this.page.getByTestId("policy-version").filter({ has: this.page.getByTestId("policy-version-name").getByText(name, { exact: true }) });
  }

  async activate(row: Locator, reason?: string) {
    await row.getByTestId(/policy-(activate|rollback)/).click();
    if (reason) await this.page.getByTestId("policy-activate-reason").fill(reason);
    await this.page.getByTestId("policy-activate-confirm").click();
    await expect(this.page.getByTestId("policy-activate-confirm")).toHaveCount(0);
  }
}
