import { errorFields, log } from "@/lib/log";
import { SANDBOX_MODEL_KEY, startModelSandbox } from "./sandbox";

/**
 * The embedded default: with no MODEL_BASE_URL, start the sandbox model in this process and point
 * model access at it. A failure is logged, not thrown: the agent then degrades to the
 * deterministic recommender and the synthesizer refuses with MODEL_UNAVAILABLE.
 */
export async function startModelSandboxIfUnconfigured(): Promise<void> {
  if (process.env.MODEL_BASE_URL) return;
  try {
    const running = await startModelSandbox();
    process.env.MODEL_BASE_URL = `${running.url}/v1`;
    process.env.MODEL_API_KEY = SANDBOX_MODEL_KEY;
    process.env.MODEL_NAME ||= "sandbox-model";
    log("info", "sandbox model started", { url: process.env.MODEL_BASE_URL });
  } catch (err) {
    log("error", "sandbox model did not start", errorFields(err));
  }
}
