import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { type ModelSettings, modelSettings } from "./settings";

/** Thrown when no model is configured or it cannot answer: callers degrade, never fail the request. */
export class ModelUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ModelUnavailableError";
  }
}

/**
 * The configured model through the Vercel AI SDK's OpenAI-compatible provider: any hosted model
 * that speaks chat completions (or the sandbox) behind MODEL_BASE_URL, MODEL_API_KEY, MODEL_NAME.
 * Structured output is asked as response_format json_schema.
 */
export function languageModel(settings: ModelSettings = modelSettings()): LanguageModel {
  if (!settings.baseUrl) throw new ModelUnavailableError("No model is configured (MODEL_BASE_URL is unset).");
  const provider = createOpenAICompatible({
    name: "model",
    // the URL up to and including the API version, e.g. https://host/v1 (the SDK adds /chat/completions)
    baseURL: settings.baseUrl.replace(/\/+$/, ""),
    apiKey: settings.apiKey || undefined,
    supportsStructuredOutputs: true,
  });
  return provider.chatModel(settings.model);
}
