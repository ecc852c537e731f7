/**
 * `npm test`: the whole suite. Unit and integration tests (vitest) on the embedded database, or
 * on PostgreSQL when TEST_DATABASE_URL is set; then the Playwright journeys against the built app
 * (SKIP_E2E=1 skips them). Ends with one line `N passed, N failed, N skipped`; vitest's unhandled
 * errors and a run of no test count as failures, named in the `failed:` list (docs/tests.md).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { firstLine, judgeVitest, summaryLine, type VitestReport } from "./judge-vitest";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const out = fs.mkdtempSync(path.join(os.tmpdir(), "das-test-"));
const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const extra = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
/** the failed tests by name, printed again just above the last line: a CI log shows only its tail */
const failures: string[] = [];
/** how long each part took, printed above the last line too: CI's record of a run keeps only its tail */
const took: string[] = [];
const timed = <T>(name: string, fn: () => T): T => {
  const started = Date.now();
  try {
    return fn();
  } finally {
    took.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  }
};

// static checks first: a type error, a lint error or a layering violation fails the suite like a failing test
if (process.env.CHECKS !== "0" && extra.length === 0) {
  for (const [name, cmd, args] of [
    ["typecheck", bin("tsc"), ["--noEmit", "-p", "."]],
    ["lint", bin("eslint"), ["."]],
    // the layering of lib/ (.dependency-cruiser.cjs): no import climbs back up, so no cycle between its folders
    ["depcheck", "npm", ["run", "--silent", "depcheck"]],
  ] as const) {
    console.log(`\n— ${name}`);
    const r = timed(name, () => spawnSync(cmd, [...args], { stdio: "inherit", env: process.env }));
    if (r.status === 0) passed++;
    else {
      console.log(`${name} failed`);
      failures.push(name);
      failed++;
    }
  }
}

const vitestJson = path.join(out, "vitest.json");
const vitest = timed("vitest", () =>
  spawnSync(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...extra], {
    stdio: "inherit",
    env: process.env,
  }),
);
// the report and the exit code together: unhandled errors show only in the exit code (scripts/judge-vitest.ts)
const verdict = judgeVitest(fs.existsSync(vitestJson) ? (JSON.parse(fs.readFileSync(vitestJson, "utf8")) as VitestReport) : null, vitest.status);
passed += verdict.passed;
failed += verdict.failed;
skipped += verdict.skipped;
failures.push(...verdict.failures);

if (process.env.SKIP_E2E !== "1" && extra.length === 0) {
  const pwJson = path.join(out, "playwright.json");
  const pw = timed("playwright (with the build)", () =>
    spawnSync(bin("playwright"), ["test", "--reporter=list,json"], {
      stdio: "inherit",
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    }),
  );
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, "utf8")).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if (pw.status !== 0 && !s.unexpected) {
      failed += 1;
      failures.push(`playwright: exit code ${pw.status} with no failed spec: see its output above`);
    }
    if ((s.expected ?? 0) + (s.flaky ?? 0) + (s.unexpected ?? 0) === 0) {
      failed += 1;
      failures.push("playwright: no spec ran");
    }
    failures.push(...playwrightFailures(JSON.parse(fs.readFileSync(pwJson, "utf8"))));
  } else if (pw.status !== 0) {
    failed += 1;
    failures.push(`playwright: no report (exit code ${pw.status})`);
  }
}

console.log(`\ntook: ${took.join(", ")}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}\n`);
console.log(summaryLine({ passed, failed, skipped }));
process.exit(failed > 0 ? 1 : 0);

type PwResult = { error?: { message?: string }; errors?: { message?: string }[] };
type PwSpec = { title: string; ok: boolean; file?: string; tests?: { results?: PwResult[] }[] };
type PwSuite = { title: string; file?: string; suites?: PwSuite[]; specs?: PwSpec[] };
/** the specs Playwright's JSON report marks not ok, as "file › title: the first line of its error" */
function playwrightFailures(report: { suites?: PwSuite[] }): string[] {
  const out: string[] = [];
  const why = (spec: PwSpec) => {
    const results = (spec.tests ?? []).flatMap((t) => t.results ?? []);
    const message = results.map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
    return message ? `: ${firstLine(message, 4).slice(0, 400)}` : "";
  };
  const walk = (s: PwSuite, file: string | undefined) => {
    for (const spec of s.specs ?? []) if (!spec.ok) out.push(`${spec.file ?? file ?? s.title} › ${spec.title}${why(spec)}`);
    for (const child of s.suites ?? []) walk(child, s.file ?? file);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
  return out;
}
