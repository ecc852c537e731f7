import crypto from "node:crypto";
import http from "node:http";
import { z } from "zod";
import { firstHeader as header, hang, jsonReplies, sleep } from "@/lib/http/sandbox-io";
import { postToTarget } from "@/lib/outbound/post";
import { Faults, FaultsRequest } from "@/lib/http/faults";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { OPTED_OUT_CODE } from "./errors";
import { SANDBOX_SMS_ACCOUNT, sandboxSmsKey } from "./settings";
import { smsSignature } from "./signature";
import { type SmsMessageResource, type SmsStatus } from "./wire";

/**
 * An SMS gateway to develop and test against, speaking Twilio's Messages API over real HTTP:
 *  - `POST /2010-04-01/Accounts/{sid}/Messages.json` (form: To, From, Body, StatusCallback; Basic
 *    auth sid:key) answers 201 and the message `queued`; `GET …/Messages/{MessageSid}.json` reads it;
 *  - the status then moves queued → sent → delivered (or → undelivered, error 30003, for a number
 *    put on `POST /__sandbox/undeliverable` { numbers }), each change POSTed to the StatusCallback,
 *    in order, signed with X-Twilio-Signature (./signature) by the account's key;
 *  - one message per `Idempotency-Key` header: a retry answers the first message, sends nothing;
 *  - faults as the other sandboxes have them (`POST /__sandbox/faults`, `x-sandbox-fault`,
 *    lib/http/faults.ts): 5xx, 429 with Retry-After, timeout, 401, and "lose-confirmation"
 *    (the message is created and sent, the answer dropped);
 *  - `POST /__sandbox/reply` { from, body } is a passenger texting back: POSTed (signed) to the
 *    inbound URL; STOP (and Twilio's other opt-out words) opts the number out, so every later
 *    send to it is refused 400 with code 21610, START opts it back in;
 *  - `GET /__sandbox/messages` lists what it sent, each with `acceptedAt` (ms since the epoch: when the
 *    create was accepted, which `npm run bench:e2e` times the passenger's message by), `POST
 *    /__sandbox/reset` forgets everything.
 */
export type SmsSandboxOptions = {
  port?: number;
  accountSid?: string;
  authToken?: string;
  inboundUrl?: string | null;
  stepMs?: number;
  /**
   * Origins it may post to directly: the service that started it (its PUBLIC_URL), whose own
   * origin the outbound checks refuse by design (no tenant URL may point at the service itself).
   * Callbacks to any other URL go through those checks.
   */
  trustedOrigins?: string[];
};
export type SandboxMessage = SmsMessageResource & { body: string; idempotencyKey: string | null; statusCallback: string | null; acceptedAt: number };
export type CallbackAttempt = { url: string; status: SmsStatus | "inbound"; answered: number | null };
export type SmsSandbox = RunningServer & {
  faults: Faults;
  messages: () => SandboxMessage[];
  callbacks: () => CallbackAttempt[];
  accountUrl: string;
  accountSid: string;
  authToken: string;
};

const E164 = /^\+[1-9]\d{6,14}$/;
/** Twilio's default opt-out and opt-in keywords */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

const NumbersRequest = z.object({ numbers: z.array(z.string().regex(E164)).max(1000) });
const ReplyRequest = z.object({ from: z.string().regex(E164), to: z.string().max(32).optional(), body: z.string().max(1600) });

export function smsSandboxServer({ accountSid = SANDBOX_SMS_ACCOUNT, authToken = sandboxSmsKey(), inboundUrl = null, stepMs = 20, trustedOrigins = [] }: SmsSandboxOptions = {}) {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  const faults = new Faults();
  const messages = new Map<string, SandboxMessage>();
  const byKey = new Map<string, string>();
  const undeliverable = new Set<string>();
  const optedOut = new Set<string>();
  const callbacks: CallbackAttempt[] = [];
  let open = true;
  const base = `/2010-04-01/Accounts/${accountSid}`;

  /** POSTs a signed form to a URL handed to us; checked by lib/outbound like any outbound target. */
  async function postSigned(url: string, params: Record<string, string>, status: CallbackAttempt["status"]): Promise<number | null> {
    const attempt: CallbackAttempt = { url, status, answered: null };
    callbacks.push(attempt);
    const headers = { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": smsSignature(authToken, url, params) };
    const body = new URLSearchParams(params).toString();
    try {
      attempt.answered = trusted.has(new URL(url).origin)
        ? (await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(5_000) })).status
        : await postToTarget(url, { headers, body, timeoutMs: 5_000 });
    } catch {
      // Twilio does not retry a status callback either; the receiver can GET the message
    }
    return attempt.answered;
  }

  async function advance(m: SandboxMessage): Promise<void> {
    const final = undeliverable.has(m.to) ? "undelivered" : "delivered";
    for (const status of ["sent", final] as const) {
      await sleep(stepMs);
      if (!open) return;
      m.status = status;
      if (status === "undelivered") Object.assign(m, { error_code: 30003, error_message: "Unreachable destination handset" });
      if (!m.statusCallback) continue;
      const params: Record<string, string> = { MessageSid: m.sid, AccountSid: accountSid, From: m.from ?? "", To: m.to, MessageStatus: status, ApiVersion: "2010-04-01" };
      if (m.error_code) params.ErrorCode = String(m.error_code);
      await postSigned(m.statusCallback, params, status);
    }
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://sms");
    const text = await readText(req);
    const { reply } = jsonReplies(res);
    // Twilio's error body
    const fail = (status: number, code: number | null, message: string, headers?: Record<string, string>) => reply(status, { code, message, more_info: code ? `https://www.twilio.com/docs/errors/${code}` : null, status }, headers);
    const json = () => {
      try {
        return JSON.parse(text || "{}") as unknown;
      } catch {
        return undefined;
      }
    };
    try {
      // admin --------------------------------------------------------------------------------
      if (url.pathname === "/__sandbox/faults" && req.method === "POST") {
        const parsed = FaultsRequest.safeParse(json());
        if (!parsed.success) return fail(400, null, "invalid fault settings");
        faults.configure(parsed.data);
        return reply(200, { settings: faults.settings, next: faults.pending() });
      }
      if (url.pathname === "/__sandbox/undeliverable" && req.method === "POST") {
        const parsed = NumbersRequest.safeParse(json());
        if (!parsed.success) return fail(400, null, "expected { numbers: E.164 strings }");
        for (const n of parsed.data.numbers) undeliverable.add(n);
        return reply(200, { undeliverable: undeliverable.size });
      }
      if (url.pathname === "/__sandbox/reply" && req.method === "POST") {
        const parsed = ReplyRequest.safeParse(json());
        if (!parsed.success) return fail(400, null, "expected { from: E.164, body }");
        const { from, body } = parsed.data;
        const word = body.trim().toUpperCase();
        if (STOP_WORDS.has(word)) optedOut.add(from);
        if (START_WORDS.has(word)) optedOut.delete(from);
        const to = parsed.data.to ?? [...messages.values()].reverse().find((m) => m.to === from)?.from ?? "";
        const params: Record<string, string> = { MessageSid: sid(), AccountSid: accountSid, From: from, To: to, Body: body, NumMedia: "0", ApiVersion: "2010-04-01" };
        if (STOP_WORDS.has(word)) params.OptOutType = "STOP";
        if (START_WORDS.has(word)) params.OptOutType = "START";
        const answered = inboundUrl ? await postSigned(inboundUrl, params, "inbound") : null;
        return reply(200, { optedOut: optedOut.has(from), inbound: answered });
      }
      if (url.pathname === "/__sandbox/reset" && req.method === "POST") {
        faults.reset();
        for (const s of [messages, byKey]) s.clear();
        for (const s of [undeliverable, optedOut]) s.clear();
        callbacks.length = 0;
        return reply(200, { reset: true });
      }
      if (url.pathname === "/__sandbox/messages" && req.method === "GET") return reply(200, { messages: [...messages.values()] });

      // API ----------------------------------------------------------------------------------
      const isCreate = url.pathname === `${base}/Messages.json` && req.method === "POST";
      const read = new RegExp(`^${base}/Messages/(SM[0-9a-f]{32})\\.json$`).exec(url.pathname);
      if (!isCreate && !(read && req.method === "GET")) return fail(404, 20404, `no ${req.method} ${url.pathname}`);
      const drawn = faults.draw(header(req.headers["x-sandbox-fault"]), { booking: isCreate });
      if (drawn.latencyMs) await sleep(drawn.latencyMs);
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expected || drawn.fault === "401") return fail(401, 20003, "Authenticate");
      switch (drawn.fault) {
        case "429":
          return fail(429, 20429, "Too Many Requests", { "retry-after": String(faults.settings.retryAfterSeconds) });
        case "500":
        case "502":
        case "503":
          return fail(Number(drawn.fault), 20500, "Internal Server Error");
        case "timeout":
          await hang(res, faults.settings.timeoutMs);
          return fail(504, 20504, "Gateway timed out");
      }
      if (read) {
        const found = messages.get(read[1]);
        return found ? reply(200, publicView(found)) : fail(404, 20404, "The requested resource was not found");
      }
      const form = new URLSearchParams(text);
      const to = form.get("To") ?? "";
      const from = form.get("From") ?? "";
      const body = form.get("Body") ?? "";
      const statusCallback = form.get("StatusCallback") || null;
      const key = header(req.headers["idempotency-key"]);
      const previous = key ? messages.get(byKey.get(key) ?? "") : undefined;
      if (previous) {
        if (previous.to !== to || previous.body !== body) return fail(409, 20409, "The Idempotency-Key was used for another message");
        return reply(201, publicView(previous));
      }
      if (!E164.test(to)) return fail(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from) return fail(400, 21603, "A 'From' phone number is required.");
      if (!body) return fail(400, 21602, "Message body is required.");
      if (statusCallback && !/^https?:\/\//.test(statusCallback)) return fail(400, 21609, "Invalid StatusCallback URL");
      if (optedOut.has(to)) return fail(400, OPTED_OUT_CODE, "Attempt to send to unsubscribed recipient");
      const message: SandboxMessage = { sid: sid(), status: "queued", to, from, body, error_code: null, error_message: null, idempotencyKey: key, statusCallback, acceptedAt: Date.now() };
      messages.set(message.sid, message);
      if (key) byKey.set(key, message.sid);
      void advance(message);
      // sent, but the answer never reaches the client
      if (drawn.fault === "lose-confirmation") return void res.socket?.destroy();
      return reply(201, publicView(message));
    } catch (err) {
      return fail(500, 20500, err instanceof Error ? err.message : "failed");
    }
  });
  server.on("close", () => {
    open = false;
  });
  return {
    server,
    faults,
    accountSid,
    authToken,
    messages: () => [...messages.values()].map((m) => ({ ...m })),
    callbacks: () => callbacks.map((c) => ({ ...c })),
  };
}

export async function startSmsSandbox(options: SmsSandboxOptions = {}): Promise<SmsSandbox> {
  const { server, ...rest } = smsSandboxServer(options);
  const running = await listen(server, options.port ?? 0);
  return { ...running, ...rest, accountUrl: `${running.url}/2010-04-01/Accounts/${rest.accountSid}` };
}

const sid = () => `SM${crypto.randomBytes(16).toString("hex")}`;

async function readText(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function publicView(m: SandboxMessage): SmsMessageResource & { body: string } {
  return { sid: m.sid, status: m.status, to: m.to, from: m.from, body: m.body, error_code: m.error_code ?? null, error_message: m.error_message ?? null };
}
