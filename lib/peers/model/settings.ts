import { envInt } from "@/lib/config";

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
  const env = process.env;
  return {
    baseUrl: env.MODEL_BASE_URL || null,
    apiKey: env.MODEL_API_KEY || "",
    model: env.MODEL_NAME || "sandbox-model",
    timeoutMs: Math.max(100, envInt("MODEL_TIMEOUT_MS", 20_000)),
    maxRetries: Math.min(5, envInt("MODEL_MAX_RETRIES", 1)),
    maxSteps: Math.min(10, Math.max(2, envInt("MODEL_MAX_STEPS", 5))),
  };
}
