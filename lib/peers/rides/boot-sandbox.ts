import { startSandboxIfAsked } from "@/lib/start-sandbox-if-asked";
import { startRidesSandbox } from "./sandbox";
import { sandboxRidesKey, sandboxRidesSecret } from "./settings";

/**
 * `RIDES_URL=sandbox`: our ride provider in this process, every client pointed at it; its usage
 * callbacks go to our /api/v1/ride-vouchers/usage. Without RIDES_URL nothing starts: ride vouchers
 * stay PENDING and say why.
 */
export function startRidesSandboxIfAsked(): Promise<void> {
  return startSandboxIfAsked({
    urlVar: "RIDES_URL",
    what: "ride provider",
    without: "ride vouchers stay PENDING",
    start: async (base) => {
      const running = await startRidesSandbox({ callbackUrl: `${base}/api/v1/ride-vouchers/usage` });
      return { url: running.url, env: { RIDES_URL: running.url, RIDES_KEY: sandboxRidesKey(), RIDES_SECRET: sandboxRidesSecret() } };
    },
  });
}
