import { afterEach, describe, expect, it, vi } from "vitest";
import { startSandboxIfAsked } from "@/lib/start-sandbox-if-asked";

afterEach(() => vi.unstubAllEnvs());

describe("startSandboxIfAsked", () => {
  const boot = (start: () => Promise<{ url: string; env: Record<string, string> }>) => ({ urlVar: "MEALS_URL" as const, what: "test peer", without: "nothing is sent", start });

  it("starts nothing unless asked; when asked sets what the sandbox answers", async () => {
    const start = vi.fn(async () => ({ url: "http://127.0.0.1:1", env: { MEALS_URL: "http://127.0.0.1:1", MEALS_KEY: "k" } }));
    vi.stubEnv("MEALS_URL", "https://peer.example");
    await startSandboxIfAsked(boot(start));
    expect(start).not.toHaveBeenCalled();
    vi.stubEnv("MEALS_URL", "sandbox");
    vi.stubEnv("MEALS_KEY", "");
    await startSandboxIfAsked(boot(start));
    expect([process.env.MEALS_URL, process.env.MEALS_KEY]).toEqual(["http://127.0.0.1:1", "k"]);
  });

  it("a sandbox that fails to start leaves the peer unconfigured", async () => {
    vi.stubEnv("MEALS_URL", "sandbox");
    await startSandboxIfAsked(boot(async () => Promise.reject(new Error("port taken"))));
    expect(process.env.MEALS_URL).toBeUndefined();
  });
});
