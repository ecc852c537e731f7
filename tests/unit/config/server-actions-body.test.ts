import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { MANIFEST_MAX_CHARS } from "@/lib/cases/form-limits";
import { OpenCaseForm } from "@/lib/cases/open-in-console";
import { config } from "@/lib/config";

describe("a console server action's body limit", () => {
  const limit = nextConfig.experimental?.serverActions?.bodySizeLimit;

  it("holds the New case form's largest manifest, even in accented text, and the largest spreadsheet", () => {
    expect(typeof limit).toBe("number");
    // UTF-8: up to 3 bytes a character of the BMP; Next's default (1 MB) refused a 1.06 MB manifest
    expect(limit as number).toBeGreaterThanOrEqual(3 * MANIFEST_MAX_CHARS);
    expect(limit as number).toBeGreaterThan(config.UPLOAD_LIMIT_BYTES);
  });

  it("is the limit the form's schema enforces", () => {
    const base = { externalEventId: `console-${crypto.randomUUID()}`, flightNumber: "XY1", origin: "CDG", destination: "JFK", departure: "2026-01-01T10:00" };
    expect(OpenCaseForm.safeParse({ ...base, manifest: "a".repeat(MANIFEST_MAX_CHARS) }).success).toBe(true);
    expect(OpenCaseForm.safeParse({ ...base, manifest: "a".repeat(MANIFEST_MAX_CHARS + 1) }).success).toBe(false);
  });
});
