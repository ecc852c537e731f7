import { config, setVar } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { startFleetSandbox } from "./sandbox";

/**
 * The embedded default: with no FLEET_URL, start the sandbox fleet in this process and point the
 * client at it. A failure is logged, not thrown: segments then stay PLANNED with a review item.
 */
export async function startFleetSandboxIfUnconfigured(): Promise<void> {
  if (config.FLEET_URL) return;
  try {
    const running = await startFleetSandbox();
    setVar("FLEET_URL", running.url);
    log("info", "sandbox transport fleet started", { url: running.url });
  } catch (err) {
    log("error", "sandbox transport fleet did not start", errorFields(err));
  }
}
