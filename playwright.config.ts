import { defineConfig, devices } from "@playwright/test";

/**
 * UI journeys against the production build on a fresh embedded database with the demo data
 * (scripts/e2e-server.ts wipes .data-e2e, then builds if needed and runs `next start`).
 * E2E_BASE_URL points the tests at a server you already run instead (no web server is started).
 */
const port = Number(process.env.E2E_PORT || 3100);
// the journeys' stays are on fixed dates (November 2026): their passenger links, signed by the server and by the
// specs, must outlive them (a link's expiry is check-out + the grace)
process.env.PASSENGER_LINK_GRACE_DAYS ||= "3650";
const external = process.env.E2E_BASE_URL;
const baseURL = external || `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // one embedded database behind one server, two cores: journeys run one after another
  workers: 1,
  forbidOnly: !!process.env.CI,
  // E2E_SKIP: a pattern of test titles to leave out (CI's PostgreSQL pass skips the page-by-page axe and phone-width
  // walks, which depend on the browser and the build, not on the database: the PGlite pass runs them)
  grepInvert: process.env.E2E_SKIP ? new RegExp(process.env.E2E_SKIP) : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: external
    ? undefined
    : {
        command: "npx tsx scripts/e2e-server.ts",
        url: `${baseURL}/api/v1/health`,
        // OUTBOUND_ALLOW_PRIVATE: a journey's webhook receiver would listen on 127.0.0.1
        env: { E2E_PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", OUTBOUND_ALLOW_PRIVATE: "1", PASSENGER_LINK_GRACE_DAYS: process.env.PASSENGER_LINK_GRACE_DAYS },
        // a cold build plus the first migration and seed take a few minutes on two cores
        timeout: 600_000,
        reuseExistingServer: false,
        stdout: "ignore",
        stderr: "pipe",
      },
});
