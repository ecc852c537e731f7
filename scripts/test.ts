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
/** the failed tests by name, printed again just above the last line: a CI log shows only its tail */
const failures: string[] = [];

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
      failures.push(name);
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
  for (const file of r.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((a: { status: string }) => a.status === "failed");
    if (file.status === "failed" && tests.length === 0) failures.push(`${name}: ${String(file.message ?? "").split("\n")[0]}`);
    for (const t of tests) failures.push(`${name} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
  }
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
    failures.push(...playwrightFailures(JSON.parse(fs.readFileSync(pwJson, "utf8"))));
  } else if (pw.status !== 0) {
    failed += 1;
  }
}

if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);

type PwSuite = { title: string; file?: string; suites?: PwSuite[]; specs?: { title: string; ok: boolean; file?: string }[] };
/** the specs Playwright's JSON report marks not ok, as "file › title" */
function playwrightFailures(report: { suites?: PwSuite[] }): string[] {
  const out: string[] = [];
  const walk = (s: PwSuite, file: string | undefined) => {
    for (const spec of s.specs ?? []) if (!spec.ok) out.push(`${spec.file ?? file ?? s.title} › ${spec.title}`);
    for (const child of s.suites ?? []) walk(child, s.file ?? file);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
  return out;
}
