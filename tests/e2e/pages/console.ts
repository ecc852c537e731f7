import { expect, type Page } from "@playwright/test";

export const NAV = ["cases", "review", "policies", "audit", "reports", "admin"] as const;
export type NavKey = (typeof NAV)[number];

/** The console shell: navigation, the signed-in user block and sign-out. */
export class ConsoleShell {
  constructor(readonly page: Page) {}

  nav(key: NavKey) {
    return this.page.getByTestId(`nav-${key}`);
  }

  readonly user = () => this.page.getByTestId("header-user");

  async visibleNav(): Promise<NavKey[]> {
    const shown: NavKey[] = [];
    for (const key of NAV) if (await this.nav(key).isVisible()) shown.push(key);
    return shown;
  }

  async open(key: NavKey) {
    await this.nav(key).click();
    await expect(this.nav(key)).toHaveAttribute("aria-current", "page");
  }

  async signOut() {
    await this.page.getByTestId("sign-out").click();
    await this.page.waitForURL(/\/sign-in/);
  }
}
