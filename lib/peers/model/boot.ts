import { config, setVar } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { SANDBOX_MODEL_KEY, startModelSandbox } from "./sandbox";

/**
 * The embedded default: with no MODEL_BASE_URL, start the sandbox model in this process and point
 * model access at it. A failure is logged, not thrown: the agent then degrades to the
 * deterministic recommender and the synthesizer refuses with MODEL_UNAVAILABLE.
 */
export async function startModelSandboxIfUnconfigured(): Promise<void> {
  if (config.MODEL_BASE_URL) return;
  try {
    const running = await startModelSandbox();
    setVar("MODEL_BASE_URL", `${running.url}/v1`);
    setVar("MODEL_API_KEY", SANDBOX_MODEL_KEY);
    log("info", "sandbox model started", { url: config.MODEL_BASE_URL });
  } catch (err) {
    log("error", "sandbox model did not start", errorFields(err));
  }
}
