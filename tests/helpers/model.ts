import { afterAll, beforeAll } from "vitest";
import { type Behaviour, type ModelSandbox, SANDBOX_MODEL_KEY, startModelSandbox } from "@/lib/peers/model/sandbox";

const ENV_KEYS = ["MODEL_BASE_URL", "MODEL_API_KEY", "MODEL_NAME", "MODEL_TIMEOUT_MS", "MODEL_MAX_RETRIES", "MODEL_MAX_STEPS"] as const;
type EnvKey = (typeof ENV_KEYS)[number];

/**
 * The sandbox model as a real HTTP server on a free port for one test file, with MODEL_BASE_URL
 * pointing at it (the environment is restored after the file): the agent and the synthesizer
 * reach it through the AI SDK over HTTP, exactly as they would a hosted model.
 */
export function sandboxModel(env: Partial<Record<EnvKey, string>> = {}) {
  let running: ModelSandbox | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    running = await startModelSandbox();
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    process.env.MODEL_BASE_URL = `${running.url}/v1`;
    process.env.MODEL_API_KEY = SANDBOX_MODEL_KEY;
    process.env.MODEL_NAME = "sandbox-model";
    process.env.MODEL_MAX_RETRIES = "0";
    for (const [k, v] of Object.entries(env)) process.env[k] = v;
  });
  afterAll(async () => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await running?.stop();
  });
  const get = () => {
    if (!running) throw new Error("sandboxModel: the sandbox starts in beforeAll");
    return running;
  };
  return {
    get url() {
      return get().url;
    },
    requests: () => get().requests(),
    script: (...next: Behaviour[]) => get().script(next),
    reset: () => get().reset(),
    /** sets (or with undefined, removes) one model variable for the rest of the file */
    setEnv: (key: EnvKey, value: string | undefined) => {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    },
  };
}
