import { config } from "@/lib/config";

/**
 * Model access, per deployment: an OpenAI-compatible chat-completions endpoint. With no
 * MODEL_BASE_URL the server starts the sandbox model (./sandbox.ts) and points these at it.
 * Read at each call: the boot sets the sandbox's URL after modules are loaded.
 */
export type ModelSettings = {
  baseUrl: string | null;
  apiKey: string;
  model: string;
  /** a whole agent run or synthesis, every step and retry included */
  timeoutMs: number;
  /** retries of one model call on 429/5xx and network errors (the SDK's backoff) */
  maxRetries: number;
  /** tool-loop steps at most */
  maxSteps: number;
};

export function modelSettings(): ModelSettings {
  return {
    baseUrl: config.MODEL_BASE_URL ?? null,
    apiKey: config.MODEL_API_KEY ?? "",
    model: config.MODEL_NAME,
    timeoutMs: config.MODEL_TIMEOUT_MS,
    maxRetries: config.MODEL_MAX_RETRIES,
    maxSteps: config.MODEL_MAX_STEPS,
  };
}
