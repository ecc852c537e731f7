import { config, providerSettings, setVar } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { startSandboxes } from "./sandboxes";

/**
 * The embedded default: when no real provider URL is configured, start the sandbox providers in
 * this process and point the clients at them (the clients read the URLs from the environment).
 * A failure is logged, not thrown: the server then runs with direct contracts only.
 */
export async function startSandboxesIfUnconfigured(): Promise<void> {
  const settings = providerSettings();
  if (settings.expedia.baseUrl && settings.hotelbeds.baseUrl) return;
  try {
    const running = await startSandboxes({ scale: settings.sandboxInventoryScale });
    if (!settings.expedia.baseUrl) setVar("EXPEDIA_RAPID_URL", running.expediaUrl);
    if (!settings.hotelbeds.baseUrl) setVar("HOTELBEDS_URL", running.hotelbedsUrl);
    log("info", "sandbox hotel providers started", { expedia: config.EXPEDIA_RAPID_URL, hotelbeds: config.HOTELBEDS_URL });
  } catch (err) {
    log("error", "sandbox hotel providers did not start", errorFields(err));
  }
}
