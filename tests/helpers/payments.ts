import { afterAll, beforeAll } from "vitest";
import { type PaymentSandbox, startPaymentSandbox } from "@/lib/payments/sandbox";

const ENV_KEYS = ["PSP_URL", "PSP_API_KEY", "PSP_TIMEOUT_MS"] as const;

/**
 * The PSP sandbox as a real HTTP server on a free port for one test file, with PSP_URL pointing
 * at it (restored after the file). `admin(path, body)` posts to its admin endpoints.
 */
export function sandboxPayments(env: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}) {
  let running: PaymentSandbox | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    running = await startPaymentSandbox();
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    process.env.PSP_URL = running.url;
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
    if (!running) throw new Error("sandboxPayments: the sandbox starts in beforeAll");
    return running;
  };
  return {
    get url() {
      return get().url;
    },
    get faults() {
      return get().faults;
    },
    authorizations: () => get().authorizations(),
    admin: async (path: string, body?: unknown) => {
      const res = await fetch(`${get().url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
      if (!res.ok) throw new Error(`payment sandbox admin ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
}
