import { afterEach, describe, expect, it, vi } from "vitest";
import { startSandboxIfAsked } from "@/lib/start-sandbox-if-asked";

afterEach(() => vi.unstubAllEnvs());

describe("startSandboxIfAsked", () => {
  const boot = (start: () => Promise<{ url: string; env: Record<string, string> }>) => ({ urlVar: "PEER_URL", what: "test peer", without: "nothing is sent", start });

  it("starts nothing unless asked; when asked sets what the sandbox answers", async () => {
    const start = vi.fn(async () => ({ url: "http://127.0.0.1:1", env: { PEER_URL: "http://127.0.0.1:1", PEER_KEY: "k" } }));
    vi.stubEnv("PEER_URL", "https://peer.example");
    await startSandboxIfAsked(boot(start));
    expect(start).not.toHaveBeenCalled();
    vi.stubEnv("PEER_URL", "sandbox");
    vi.stubEnv("PEER_KEY", "");
    await startSandboxIfAsked(boot(start));
    expect([process.env.PEER_URL, process.env.PEER_KEY]).toEqual(["http://127.0.0.1:1", "k"]);
  });

  it("a sandbox that fails to start leaves the peer unconfigured", async () => {
    vi.stubEnv("PEER_URL", "sandbox");
    await startSandboxIfAsked(boot(async () => Promise.reject(new Error("port taken"))));
    expect(process.env.PEER_URL).toBeUndefined();
  });
});
