import { describe, expect, it } from "vitest";
import { RetryAfterError, retryAfterMs } from "@/lib/jobs/define";

describe("RetryAfterError in the embedded runner", () => {
  it("reads the wait Inngest's error carries: milliseconds given (kept as seconds) or a date", () => {
    const now = Date.parse("2026-11-21T18:00:00Z");
    expect(retryAfterMs(new RetryAfterError("429", 30_000), now)).toBe(30_000);
    expect(retryAfterMs(new RetryAfterError("429", new Date(now + 45_000)), now)).toBe(45_000);
    expect(retryAfterMs(new RetryAfterError("429", new Date(now - 5_000)), now)).toBe(0);
    expect(retryAfterMs(new Error("plain"), now)).toBe(0);
    expect(retryAfterMs("not an error", now)).toBe(0);
  });
});
