import { config, setVar } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { startPaymentSandbox } from "./sandbox";

/**
 * The embedded default: with no PSP_URL, start the PSP sandbox in this process and point the
 * client at it. A failure is logged, not thrown: CARD bookings then fail as PSP-unavailable.
 */
export async function startPaymentSandboxIfUnconfigured(): Promise<void> {
  if (config.PSP_URL) return;
  try {
    const running = await startPaymentSandbox();
    setVar("PSP_URL", running.url);
    log("info", "sandbox payment service provider started", { url: running.url });
  } catch (err) {
    log("error", "sandbox payment service provider did not start", errorFields(err));
  }
}
