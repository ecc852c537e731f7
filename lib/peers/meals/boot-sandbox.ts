import { startSandboxIfAsked } from "@/lib/start-sandbox-if-asked";
import { startMealsSandbox } from "./sandbox";

/**
 * `MEALS_URL=sandbox`: our meal-voucher issuer in this process, every client pointed at it; its
 * redemption callbacks go to our /api/v1/meal-vouchers/redemptions, signed with MEALS_SECRET.
 * Without MEALS_URL nothing starts: vouchers stay PENDING ("no meal voucher issuer configured").
 */
export function startMealsSandboxIfAsked(): Promise<void> {
  return startSandboxIfAsked({
    urlVar: "MEALS_URL",
    what: "meal voucher issuer",
    without: "vouchers stay PENDING",
    start: async (base) => {
      const running = await startMealsSandbox({ redemptionUrl: `${base}/api/v1/meal-vouchers/redemptions` });
      return { url: running.url, env: { MEALS_URL: running.url, MEALS_KEY: running.apiKey, MEALS_SECRET: running.secret } };
    },
  });
}
