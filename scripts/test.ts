/**
 * `npm test`: the whole suite. Unit and integration tests (vitest) on the embedded database, or
 * on PostgreSQL when TEST_DATABASE_URL is set; then the Playwright journeys against the built app
 * (SKIP_E2E=1 skips them). Ends with one line `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const out = fs.mkdtempSync(path.join(os.tmpdir(), "das-test-"));
const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const extra = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

// static checks first: a type error, a lint error or a layering violation fails the suite like a failing test
if (process.env.CHECKS !== "0" && extra.length === 0) {
  for (const [name, cmd, args] of [
    ["typecheck", bin("tsc"), ["--noEmit", "-p", "."]],
    ["lint", bin("eslint"), ["."]],
    // the layering of lib/ (.dependency-cruiser.cjs): no import climbs back up, so no cycle between its folders
    ["depcheck", "npm", ["run", "--silent", "depcheck"]],
  ] as const) {
    console.log(`\n— ${name}`);
    const r = spawnSync(cmd, [...args], { stdio: "inherit", env: process.env });
    if (r.status === 0) passed++;
    else {
      console.log(`${name} failed`);
      failed++;
    }
  }
}

const vitestJson = path.join(out, "vitest.json");
const vitest = spawnSync(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...extra], {
  stdio: "inherit",
  env: process.env,
});
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (r.numFailedTestSuites && !r.numFailedTests) failed += r.numFailedTestSuites;
} else if (vitest.status !== 0) {
  failed += 1;
}

if (process.env.SKIP_E2E !== "1" && extra.length === 0) {
  const pwJson = path.join(out, "playwright.json");
  const pw = spawnSync(bin("playwright"), ["test", "--reporter=list,json"], {
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  });
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, "utf8")).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if (pw.status !== 0 && !s.unexpected) failed += 1;
  } else if (pw.status !== 0) {
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
