import { afterAll, beforeAll } from "vitest";
import { type FleetSandbox, startFleetSandbox } from "@/lib/peers/fleet/sandbox";

const ENV_KEYS = ["FLEET_URL", "FLEET_API_KEY", "FLEET_TIMEOUT_MS"] as const;

/**
 * The sandbox transport fleet as a real HTTP server on a free port for one test file, with
 * FLEET_URL pointing at it (restored after the file). `admin(path, body)` posts to its admin
 * endpoints (`/__sandbox/fleet`, `/__sandbox/faults`, `/__sandbox/reset`); `capacityRequests()` lists what it was asked to add.
 */
export function sandboxFleet(env: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}) {
  let running: FleetSandbox | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    running = await startFleetSandbox();
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    process.env.FLEET_URL = running.url;
    for (const [k, v] of Object.entries(env)) process.env[k] = v;
  });
  afterAll(async () => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await running?.stop();
  });
  const get = () => {
    if (!running) throw new Error("sandboxFleet: the sandbox starts in beforeAll");
    return running;
  };
  const admin = async (path: string, body?: unknown) => {
    const res = await fetch(`${get().url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
    if (!res.ok) throw new Error(`fleet sandbox admin ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    get url() {
      return get().url;
    },
    assignments: () => get().assignments(),
    /** every capacity request the sandbox received, repeats included */
    capacityRequests: () => get().capacityRequests(),
    admin,
    reset: () => admin("/__sandbox/reset"),
  };
}
