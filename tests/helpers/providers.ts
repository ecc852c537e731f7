import { afterAll, beforeAll } from "vitest";
import { type RunningSandboxes, startSandboxes } from "@/lib/providers/sandboxes";
import type { WorldOptions } from "@/lib/providers/world";

const ENV_KEYS = ["EXPEDIA_RAPID_URL", "HOTELBEDS_URL", "EXPEDIA_RAPID_TIER", "PROVIDER_TIMEOUT_MS", "OFFER_CACHE_TTL_SECONDS"] as const;

/**
 * Both sandbox providers as real HTTP servers on free ports for one test file, with the
 * provider settings of lib/config pointing at them (restored after the file).
 */
export function sandboxProviders(options: WorldOptions & { env?: Partial<Record<(typeof ENV_KEYS)[number], string>> } = {}) {
  let running: RunningSandboxes | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    running = await startSandboxes(options);
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    process.env.EXPEDIA_RAPID_URL = running.expediaUrl;
    process.env.HOTELBEDS_URL = running.hotelbedsUrl;
    for (const [k, v] of Object.entries(options.env ?? {})) process.env[k] = v;
  });
  afterAll(async () => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await running?.stop();
  });
  const get = () => {
    if (!running) throw new Error("sandboxProviders: the sandboxes start in beforeAll");
    return running;
  };
  return {
    get expediaUrl() {
      return get().expediaUrl;
    },
    get hotelbedsUrl() {
      return get().hotelbedsUrl;
    },
    get faults() {
      return get().faults;
    },
    /** POST to a sandbox's admin endpoint, as an operator of the sandbox would */
    admin: async (which: "EXPEDIA_RAPID" | "HOTELBEDS", path: string, body?: unknown) => {
      const base = which === "EXPEDIA_RAPID" ? get().expediaUrl : get().hotelbedsUrl;
      const res = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
      if (!res.ok) throw new Error(`sandbox admin ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    /** both sandboxes back to seeded inventory, no bookings, no faults */
    reset: async () => {
      for (const base of [get().expediaUrl, get().hotelbedsUrl]) await fetch(`${base}/__sandbox/reset`, { method: "POST" });
    },
  };
}
