import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keptSecret, sandboxKey } from "@/lib/kept-secret";

const saved = process.env.DATA_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved;
});

describe("an installation's kept secrets (AUTH_SECRET's default, the sandbox gateways' keys)", () => {
  it("are random per installation, kept under DATA_DIR with mode 0600, and read back the same", () => {
    const a = fs.mkdtempSync(path.join(os.tmpdir(), "kept-a-"));
    const b = fs.mkdtempSync(path.join(os.tmpdir(), "kept-b-"));
    process.env.DATA_DIR = a;
    const first = keptSecret("sandbox-test-secret");
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(keptSecret("sandbox-test-secret")).toBe(first);
    expect(keptSecret("sandbox-other-secret")).not.toBe(first);
    const file = path.join(a, "sandbox-test-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // another installation gets its own
    process.env.DATA_DIR = b;
    expect(keptSecret("sandbox-test-secret")).not.toBe(first);
  });

  it("a sandbox key where DATA_DIR cannot be written: one of this process, never a constant", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kept-ro-"));
    const notADir = path.join(dir, "file");
    fs.writeFileSync(notADir, "x");
    process.env.DATA_DIR = notADir;
    const key = sandboxKey("sandbox-test-key");
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(sandboxKey("sandbox-test-key")).toBe(key);
    expect(() => keptSecret("auth-test-secret")).toThrow();
  });
});
