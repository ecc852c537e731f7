import path from "node:path";

/** The parts of vitest's JSON report (`--reporter=json`) the judgement reads. */
export type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numFailedTestSuites?: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
};

export type Verdict = { passed: number; failed: number; skipped: number; failures: string[] };

/**
 * What one vitest run counts for, from its JSON report (null when it wrote none) and its exit code.
 * The report lists tests only: an unhandled error or rejection (a promise nobody awaited, a throw
 * in a timer) fails the run with exit code 1 and no failed test, so a non-zero exit that the failed
 * tests do not explain is a failure of its own, named. A run that executed no test (a filter that
 * matched nothing, every file skipped) is a failure too: it proves nothing (docs/tests.md).
 */
export function judgeVitest(report: VitestReport | null, exitCode: number | null, cwd = process.cwd()): Verdict {
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: [`vitest: no report (exit code ${exitCode ?? "none"}): see its output above`] };
  const failures: string[] = [];
  const passed = report.numPassedTests;
  let failed = report.numFailedTests;
  const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
  // a file that failed to load has no test to fail: it counts once
  if (report.numFailedTestSuites && !report.numFailedTests) failed += report.numFailedTestSuites;
  for (const file of report.testResults ?? []) {
    const name = path.relative(cwd, file.name);
    const tests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    if (file.status === "failed" && tests.length === 0) failures.push(`${name}: ${firstLine(file.message)}`);
    for (const t of tests) failures.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0]).slice(0, 300)}`);
  }
  if (passed + failed === 0) {
    // "No test files found" exits 1 too: named for what it is, once
    const why = [skipped ? `${skipped} skipped` : "", exitCode !== 0 ? `exit code ${exitCode ?? "none"}` : ""].filter(Boolean).join(", ");
    failed += 1;
    failures.push(`vitest: no test ran${why ? ` (${why})` : ""}`);
  } else if (exitCode !== 0 && failed === 0) {
    failed += 1;
    failures.push(`vitest: unhandled errors or rejections (exit code ${exitCode ?? "none"} with no failed test): see "Unhandled Errors" above`);
  }
  return { passed, failed, skipped, failures };
}

/** The last line of `npm test`, which .ci/run reads: always the three counts. */
export const summaryLine = (v: { passed: number; failed: number; skipped: number }): string => `${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`;

/** the first `lines` lines of an error that say something, colours stripped, joined by " / " */
export const firstLine = (text: string | undefined, lines = 1): string =>
  String(text ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, lines)
    .join(" / ");
