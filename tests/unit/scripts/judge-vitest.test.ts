import { describe, expect, it } from "vitest";
import { firstLine, judgeVitest, summaryLine, type VitestReport } from "@/scripts/judge-vitest";

const cwd = "/repo";
/** A JSON report as vitest writes it, with the counts given and one file per failed test. */
function report(over: Partial<VitestReport> = {}): VitestReport {
  return { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numFailedTestSuites: 0, testResults: [], ...over };
}

describe("judgeVitest", () => {
  it("a clean run: its counts, nothing failed", () => {
    expect(judgeVitest(report({ numPassedTests: 12, numPendingTests: 2, numTodoTests: 1 }), 0, cwd)).toEqual({ passed: 12, failed: 0, skipped: 3, failures: [] });
  });

  it("unhandled errors: exit code 1 with no failed test in the report is a failure, named", () => {
    const v = judgeVitest(report({ numPassedTests: 40 }), 1, cwd);
    expect(v).toMatchObject({ passed: 40, failed: 1 });
    expect(v.failures).toEqual([expect.stringMatching(/^vitest: unhandled errors or rejections \(exit code 1/)]);
  });

  it("failed tests explain a non-zero exit: each named by file and test, no extra failure", () => {
    const v = judgeVitest(
      report({
        numPassedTests: 3,
        numFailedTests: 1,
        testResults: [{ name: "/repo/tests/unit/a.test.ts", status: "failed", assertionResults: [{ status: "failed", fullName: "a › breaks", failureMessages: ["AssertionError: expected 1 to be 2\n    at …"] }] }],
      }),
      1,
      cwd,
    );
    expect(v).toEqual({ passed: 3, failed: 1, skipped: 0, failures: ["tests/unit/a.test.ts › a › breaks: AssertionError: expected 1 to be 2"] });
  });

  it("a file that failed to load counts once, with its message", () => {
    const v = judgeVitest(report({ numPassedTests: 5, numFailedTestSuites: 1, testResults: [{ name: "/repo/tests/unit/b.test.ts", status: "failed", message: "SyntaxError: Unexpected token\nmore", assertionResults: [] }] }), 1, cwd);
    expect(v).toMatchObject({ passed: 5, failed: 1, failures: ["tests/unit/b.test.ts: SyntaxError: Unexpected token"] });
  });

  it("no test ran: a failure, even when vitest exits 0 and everything was skipped", () => {
    expect(judgeVitest(report(), 0, cwd)).toEqual({ passed: 0, failed: 1, skipped: 0, failures: ["vitest: no test ran"] });
    expect(judgeVitest(report({ numPendingTests: 7 }), 0, cwd)).toEqual({ passed: 0, failed: 1, skipped: 7, failures: ["vitest: no test ran (7 skipped)"] });
    // "No test files found" exits 1: one failure, named for what it is
    expect(judgeVitest(report(), 1, cwd)).toEqual({ passed: 0, failed: 1, skipped: 0, failures: ["vitest: no test ran (exit code 1)"] });
  });

  it("no report at all: one failure naming the exit code", () => {
    expect(judgeVitest(null, 1, cwd)).toEqual({ passed: 0, failed: 1, skipped: 0, failures: ["vitest: no report (exit code 1): see its output above"] });
    expect(judgeVitest(null, 0, cwd).failed).toBe(1);
  });
});

describe("summaryLine", () => {
  it("always names the three counts, and keeps the prefix CI greps for", () => {
    expect(summaryLine({ passed: 10, failed: 0, skipped: 0 })).toBe("10 passed, 0 failed, 0 skipped");
    expect(summaryLine({ passed: 3, failed: 2, skipped: 4 })).toMatch(/^[0-9]+ passed, [0-9]+ failed, 4 skipped$/);
  });
});

describe("firstLine", () => {
  it("keeps the lines that say something, without the terminal's colours, so a CI record's tail names the cause", () => {
    const playwright = "\x1b[31mError: \x1b[2mexpect(\x1b[22mlocator).toHaveValue(expected) failed\n\nLocator: getByTestId('x')\nExpected pattern: /^pnr/\nReceived: \"\"\nTimeout: 10000ms";
    expect(firstLine(playwright)).toBe("Error: expect(locator).toHaveValue(expected) failed");
    expect(firstLine(playwright, 3)).toBe("Error: expect(locator).toHaveValue(expected) failed / Locator: getByTestId('x') / Expected pattern: /^pnr/");
    expect(firstLine(undefined)).toBe("");
  });
});
