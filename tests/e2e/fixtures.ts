import { expect, test as base } from "@playwright/test";

/**
 * Every journey imports `test` from here: a browser console error or an uncaught page error fails
 * the test that caused it, so a broken screen cannot hide behind a passing click path.
 * `allowConsoleErrors` takes patterns a test expects (e.g. a deliberate 403 fetch).
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; failOnBrowserErrors: void }>({
  allowConsoleErrors: [[], { option: true }],
  failOnBrowserErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        const text = `${m.text()} (${m.location().url})`;
        if (!allowConsoleErrors.some((p) => p.test(text))) errors.push(`console error: ${text}`);
      });
      await use();
      expect(errors, "browser errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
