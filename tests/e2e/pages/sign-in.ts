import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo";

export const DEMO_USERS = {
  admin: { email: "admin@demo.test", name: "Ada Admin", roles: "Admin", airports: "All airports" },
  supervisor: { email: "supervisor@demo.test", name: "Sam Supervisor", roles: "Ops supervisor", airports: "All airports" },
  "operator-cdg": { email: "operator.cdg@demo.test", name: "Camille Operator (CDG)", roles: "Airport operator", airports: "CDG" },
  "operator-lhr": { email: "operator.lhr@demo.test", name: "Leo Operator (LHR)", roles: "Airport operator", airports: "LHR" },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** The sign-in page: fields, the demo-account shortcuts and the inline error. */
export class SignInPage {
  constructor(readonly page: Page) {}

  readonly email = () => this.page.getByTestId("sign-in-email");
  readonly password = () => this.page.getByTestId("sign-in-password");
  readonly submit = () => this.page.getByTestId("sign-in-submit");
  readonly error = () => this.page.getByTestId("sign-in-error");

  async goto() {
    await this.page.goto("/sign-in");
    await expect(this.page.locator("[data-testid=sign-in-form][data-hydrated]")).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }

  async signInAs(role: DemoRole) {
    await this.goto();
    await this.signIn(DEMO_USERS[role].email, DEMO_PASSWORD);
    await this.page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  }
}
