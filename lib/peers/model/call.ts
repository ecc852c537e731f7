import type { LanguageModel, LanguageModelUsage } from "ai";
import { errorFields, log } from "@/lib/log";
import { languageModel, ModelUnavailableError } from "./client";
import { type ModelSettings, modelSettings } from "./settings";

export type ModelPurpose = "exception-agent" | "policy-synthesizer";
export type ModelRun<T> = { value: T; usage?: LanguageModelUsage; steps?: number };

/**
 * One use of the model, bounded and accounted for: the whole run (every step and the SDK's
 * retries) is aborted after MODEL_TIMEOUT_MS, and a JSON log line records purpose, model, latency,
 * steps and token usage — never the prompt or the answer, which may hold case data. Any failure
 * (no model configured, network, 4xx/5xx after retries, timeout) becomes a ModelUnavailableError
 * the caller degrades on. `settings`: the configured model, unless the caller works on a case,
 * whose model is its own (lib/peers/case-systems.ts: a drill's review items go to the drills' sandbox).
 */
export async function withModel<T>(
  purpose: ModelPurpose,
  run: (m: { model: LanguageModel; settings: ModelSettings; abortSignal: AbortSignal }) => Promise<ModelRun<T>>,
  settings: ModelSettings = modelSettings(),
): Promise<T> {
  const started = performance.now();
  const fields = { purpose, model: settings.model };
  try {
    const model = languageModel(settings);
    const result = await run({ model, settings, abortSignal: AbortSignal.timeout(settings.timeoutMs) });
    log("info", "model call", { ...fields, ok: true, ms: Math.round(performance.now() - started), steps: result.steps ?? 1, ...tokens(result.usage) });
    return result.value;
  } catch (err) {
    const timedOut = isTimeout(err);
    log("warn", "model call failed", { ...fields, ok: false, timedOut, ms: Math.round(performance.now() - started), ...errorFields(err) });
    if (err instanceof ModelUnavailableError) throw err;
    throw new ModelUnavailableError(timedOut ? `The model did not answer within ${settings.timeoutMs} ms.` : "The model could not be reached or failed.", { cause: err });
  }
}

function tokens(usage: LanguageModelUsage | undefined) {
  return { inputTokens: usage?.inputTokens ?? null, outputTokens: usage?.outputTokens ?? null, totalTokens: usage?.totalTokens ?? null };
}

function isTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === "TimeoutError" || e.name === "AbortError") return true;
    const errors = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.some(isTimeout)) return true;
  }
  return false;
}
