import http from "node:http";
import { z } from "zod";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { draftPolicy } from "./sandbox-policy";
import { hang, jsonReplies, readJsonBody as readJson } from "@/lib/http/sandbox-io";

/**
 * A model server to develop and test against: the OpenAI chat-completions protocol
 * (`POST /v1/chat/completions`, non-streaming), with `tools`/`tool_calls` and
 * `response_format: json_schema`, answering deterministically from the request.
 *  - the policy synthesizer (response_format named `policy_draft`): the description between
 *    <description> tags becomes a draft through a small rule-based reader (./sandbox-policy.ts);
 *  - the exception agent (tools offered): first it calls classifyFailure and searchAlternateHotels,
 *    then costRelaxation for the relaxations the classification suggests, then it answers the
 *    recommendations from what the tools returned — a three-step tool loop;
 *  - scripted misbehaviour for the next calls (`POST /__sandbox/script` { next: [...] }) or per call
 *    (header `x-sandbox-behaviour`): "unknown-tool" (calls bookHotel), "malformed-args" (broken JSON
 *    arguments), "wrong-args" (arguments of the wrong shape), "refuse", "garbage" (non-JSON where
 *    JSON was asked), "timeout" (hangs), "500", "429";
 *  - `GET /__sandbox/requests` (and `requests()`) lists every request body received, for the
 *    redaction test; `POST /__sandbox/reset` forgets them and the script.
 */
export const BEHAVIOURS = ["unknown-tool", "malformed-args", "wrong-args", "refuse", "garbage", "timeout", "500", "429"] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];
const ScriptRequest = z.object({ next: z.array(z.enum(BEHAVIOURS)).max(100), timeoutMs: z.number().int().min(1).max(600_000).optional() });

export type ReceivedRequest = { path: string; authorization: boolean; body: ChatRequest };
export type ModelSandbox = RunningServer & {
  requests: () => ReceivedRequest[];
  script: (next: Behaviour[]) => void;
  reset: () => void;
};

type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
type Message = { role: string; content?: unknown; tool_calls?: ToolCall[]; tool_call_id?: string };
type ChatRequest = {
  model?: string;
  messages?: Message[];
  tools?: { type: string; function: { name: string; parameters?: unknown } }[];
  response_format?: { type: string; json_schema?: { name?: string } };
};

export const SANDBOX_MODEL_KEY = "sandbox-model-key";

export function modelSandboxServer({ apiKey = SANDBOX_MODEL_KEY } = {}) {
  const received: ReceivedRequest[] = [];
  let queue: Behaviour[] = [];
  let timeoutMs = 60_000;
  let counter = 0;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://model");
    const { reply, fail } = jsonReplies(res, "type");
    try {
      const body = await readJson(req);
      if (url.pathname === "/__sandbox/script" && req.method === "POST") {
        const parsed = ScriptRequest.safeParse(body);
        if (!parsed.success) return fail(400, "invalid_request", "expected { next: behaviour[] }");
        queue.push(...parsed.data.next);
        if (parsed.data.timeoutMs) timeoutMs = parsed.data.timeoutMs;
        return reply(200, { next: queue });
      }
      if (url.pathname === "/__sandbox/requests" && req.method === "GET") return reply(200, { requests: received });
      if (url.pathname === "/__sandbox/reset" && req.method === "POST") {
        received.length = 0;
        queue = [];
        return reply(200, { reset: true });
      }
      if (url.pathname !== "/v1/chat/completions" || req.method !== "POST") return fail(404, "not_found", `no ${req.method} ${url.pathname}`);
      if (!isObject(body)) return fail(400, "invalid_request", "a JSON body is required");
      const chat = body as ChatRequest;
      received.push({ path: url.pathname, authorization: Boolean(req.headers.authorization), body: chat });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(401, "invalid_api_key", "invalid API key");
      if (!Array.isArray(chat.messages) || chat.messages.length === 0) return fail(400, "invalid_request", "messages is required");

      const header = req.headers["x-sandbox-behaviour"];
      const fromHeader = BEHAVIOURS.find((b) => b === (Array.isArray(header) ? header[0] : header));
      const behaviour = fromHeader ?? queue.shift() ?? null;
      const id = `chatcmpl-sandbox-${++counter}`;
      const answer = (message: Record<string, unknown>, finish: string) =>
        reply(200, {
          id,
          object: "chat.completion",
          created: 1_700_000_000,
          model: chat.model ?? "sandbox",
          choices: [{ index: 0, message: { role: "assistant", content: null, ...message }, finish_reason: finish }],
          usage: usageOf(chat, message),
        });
      const callTools = (calls: { name: string; args: string }[]) =>
        answer({ tool_calls: calls.map((c, i) => ({ id: `call_${counter}_${i}`, type: "function", function: { name: c.name, arguments: c.args } })) }, "tool_calls");

      switch (behaviour) {
        case "500":
          return fail(500, "server_error", "the model failed");
        case "429":
          return fail(429, "rate_limited", "too many requests", { "retry-after": "1" });
        case "timeout":
          await hang(res, timeoutMs);
          return fail(504, "timeout", "the model timed out");
        case "refuse":
          return answer({ refusal: "I can't help with that request." }, "stop");
        case "garbage":
          return answer({ content: "Sure! Here is what I think, in prose rather than JSON." }, "stop");
        case "unknown-tool":
          return callTools([{ name: "bookHotel", args: JSON.stringify({ hotelUrn: "urn:svc:hotel:any", rooms: 3 }) }]);
        case "malformed-args":
          return callTools([{ name: chat.tools?.[0]?.function.name ?? "costRelaxation", args: '{"constraint": "maxDistanceKm", "value": ' }]);
        case "wrong-args":
          return callTools([{ name: "costRelaxation", args: JSON.stringify({ constraint: 42, value: "far" }) }]);
      }

      if (chat.response_format?.json_schema?.name === "policy_draft") {
        const description = /<description>([\s\S]*?)<\/description>/.exec(textOf(chat.messages.at(-1)?.content))?.[1] ?? "";
        return answer({ content: JSON.stringify(draftPolicy(description)) }, "stop");
      }
      if (chat.tools?.length) {
        const next = agentStep(chat.messages, new Set(chat.tools.map((t) => t.function.name)));
        if (next.calls) return callTools(next.calls);
        return answer({ content: JSON.stringify(next.answer) }, "stop");
      }
      return answer({ content: "The sandbox model answers tool loops and policy drafts." }, "stop");
    } catch (err) {
      return fail(500, "server_error", err instanceof Error ? err.message : "failed");
    }
  });

  return {
    server,
    requests: () => received.map((r) => structuredClone(r)),
    script: (next: Behaviour[]) => void queue.push(...next),
    reset: () => {
      received.length = 0;
      queue = [];
    },
  };
}

export async function startModelSandbox(options: { port?: number; apiKey?: string } = {}): Promise<ModelSandbox> {
  const { server, requests, script, reset } = modelSandboxServer(options);
  const running = await listen(server, options.port ?? 0);
  return { ...running, requests, script, reset };
}

// The agent's deterministic reasoning ------------------------------------------------------------

type Step = { calls: { name: string; args: string }[]; answer?: undefined } | { calls?: undefined; answer: unknown };

/** What the agent does next, from the conversation so far: call tools until it knows enough, then answer. */
function agentStep(messages: Message[], offered: ReadonlySet<string>): Step {
  const called = new Map<string, string>();
  for (const m of messages) for (const c of m.tool_calls ?? []) called.set(c.id, c.function.name);
  const results = new Map<string, unknown[]>();
  for (const m of messages) {
    if (m.role !== "tool" || !m.tool_call_id) continue;
    const name = called.get(m.tool_call_id);
    if (!name) continue;
    // an error (unknown tool, bad arguments) comes back as text: the call is as good as not made
    const result = parseMaybe(textOf(m.content));
    if (!isObject(result)) continue;
    const list = results.get(name) ?? [];
    list.push(result);
    results.set(name, list);
  }
  const first: { name: string; args: string }[] = [];
  if (offered.has("classifyFailure") && !results.has("classifyFailure")) first.push({ name: "classifyFailure", args: "{}" });
  if (offered.has("searchAlternateHotels") && !results.has("searchAlternateHotels")) first.push({ name: "searchAlternateHotels", args: JSON.stringify({ limit: 5 }) });
  if (first.length) return { calls: first };

  const cause = results.get("classifyFailure")?.[0] as { cause?: string; detail?: string; suggestedRelaxations?: { constraint: string; value: unknown }[] } | undefined;
  if (offered.has("costRelaxation") && !results.has("costRelaxation") && cause?.suggestedRelaxations?.length) {
    return { calls: cause.suggestedRelaxations.slice(0, 2).map((r) => ({ name: "costRelaxation", args: JSON.stringify({ constraint: r.constraint, value: r.value }) })) };
  }

  const recommendations: unknown[] = [];
  const why = cause?.detail ? ` Cause: ${cause.detail}` : "";
  const hotels = ((results.get("searchAlternateHotels")?.[0] as { hotels?: unknown[] } | undefined)?.hotels ?? []) as {
    hotelUrn: string;
    name: string;
    distanceKm: number;
    roomsAvailable: number;
    fitsAllGroups: boolean;
    overCap: number | null;
    currency: string;
  }[];
  for (const h of hotels.filter((x) => x.fitsAllGroups).slice(0, 2)) {
    const over = h.overCap && h.overCap > 0 ? `, ${h.overCap} ${h.currency} over the cap` : ", within the cap";
    recommendations.push({ action: "rebook", hotelUrn: h.hotelUrn, reason: `rebook at ${h.name}, ${h.distanceKm} km, ${h.roomsAvailable} rooms left${over}.${why}` });
  }
  const costed = (results.get("costRelaxation") ?? []) as { constraint?: string; value?: unknown; from?: unknown; groupsPlaced?: number; baselinePlaced?: number; extraCost?: { amount: number; currency: string } }[];
  const better = costed.filter((c) => c.constraint && (c.groupsPlaced ?? 0) > (c.baselinePlaced ?? 0));
  better.sort((a, b) => (b.groupsPlaced ?? 0) - (a.groupsPlaced ?? 0) || (a.extraCost?.amount ?? 0) - (b.extraCost?.amount ?? 0));
  for (const c of better.slice(0, 1)) {
    const plus = c.extraCost ? `, +${c.extraCost.amount} ${c.extraCost.currency}` : "";
    recommendations.push({
      action: "relaxPolicy",
      fields: [c.constraint],
      value: c.value,
      reason: `relax ${c.constraint} from ${JSON.stringify(c.from)} to ${JSON.stringify(c.value)} for this case: ${c.groupsPlaced} group(s) placed${plus}.${why}`,
    });
  }
  return { answer: { recommendations, cause: cause?.cause ?? "UNKNOWN" } };
}

// helpers ---------------------------------------------------------------------------------------

function usageOf(chat: ChatRequest, message: unknown) {
  // a rough, deterministic count: four characters a token
  const prompt = Math.ceil(JSON.stringify(chat.messages ?? []).length / 4);
  const completion = Math.ceil(JSON.stringify(message).length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (isObject(p) && typeof p.text === "string" ? p.text : "")).join("");
  return "";
}

function parseMaybe(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}


