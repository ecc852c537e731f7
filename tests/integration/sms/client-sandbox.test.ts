import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendSms } from "@/lib/sms/client";
import { SmsAuthError, SmsOptedOut, SmsRejected, SmsUnavailable } from "@/lib/sms/errors";
import { type SmsSandbox, startSmsSandbox } from "@/lib/sms/sandbox";
import { sendSmsWithRetry } from "@/lib/sms/send-with-retry";
import { endpointFor, type SmsEndpoint, smsSettings } from "@/lib/sms/settings";
import { verifySmsSignature } from "@/lib/sms/signature";

type Received = { path: string; params: Record<string, string>; signature: string | null };

/** A local receiver for status callbacks and inbound messages, recording every POST in order. */
let receiver: http.Server;
let receiverUrl = "";
const received: Received[] = [];
let sms: SmsSandbox;
let endpoint: SmsEndpoint;
let seq = 0;
const key = () => `msg-${Date.now()}-${seq++}`;
const PASSENGER = "+33612345678";

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))), signature: (req.headers["x-twilio-signature"] as string) ?? null });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  sms = await startSmsSandbox({ inboundUrl: `${receiverUrl}/inbound`, stepMs: 10 });
  endpoint = endpointFor(sms.accountUrl, { authToken: sms.authToken, from: "+15005550006", timeoutMs: 5_000 });
});
afterAll(async () => {
  await sms.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});
beforeEach(async () => {
  await admin("/__sandbox/reset");
  received.length = 0;
});

async function admin(path: string, body: unknown = {}) {
  const res = await fetch(`${sms.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}
const until = async (done: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
};
/** a backoff sleep that records what it was asked to wait and does not wait */
const recordingSleep = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe("SMS client against the sandbox gateway over HTTP", () => {
  it("sends a message and its receipts arrive at the status callback in order, signed", async () => {
    const callback = `${receiverUrl}/status?message=1`;
    const m = await sendSms(endpoint, { to: PASSENGER, body: "Your hotel: https://x/v/abc", statusCallback: callback, idempotencyKey: key() });
    expect(m).toMatchObject({ status: "queued", to: PASSENGER });
    expect(m.sid).toMatch(/^SM[0-9a-f]{32}$/);
    await until(() => received.length >= 2);
    expect(received.map((r) => r.params.MessageStatus)).toEqual(["sent", "delivered"]);
    for (const r of received) {
      expect(r.params.MessageSid).toBe(m.sid);
      expect(verifySmsSignature(sms.authToken, callback, r.params, r.signature)).toBe(true);
    }
    expect(sms.messages()).toEqual([expect.objectContaining({ sid: m.sid, status: "delivered", body: "Your hotel: https://x/v/abc", from: "+15005550006" })]);
  });

  it("a forged or altered callback does not verify", async () => {
    const callback = `${receiverUrl}/status`;
    await sendSms(endpoint, { to: PASSENGER, body: "hi", statusCallback: callback, idempotencyKey: key() });
    await until(() => received.length >= 2);
    const [first] = received;
    expect(verifySmsSignature(sms.authToken, callback, first.params, first.signature)).toBe(true);
    expect(verifySmsSignature("another-key", callback, first.params, first.signature)).toBe(false);
    expect(verifySmsSignature(sms.authToken, callback, { ...first.params, MessageStatus: "failed" }, first.signature)).toBe(false);
    expect(verifySmsSignature(sms.authToken, `${receiverUrl}/other`, first.params, first.signature)).toBe(false);
    expect(verifySmsSignature(sms.authToken, callback, first.params, null)).toBe(false);
  });

  it("status callbacks go through lib/outbound: an internal address is refused unless private targets are allowed", async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = "0";
    try {
      await sendSms(endpoint, { to: PASSENGER, body: "hi", statusCallback: `${receiverUrl}/status`, idempotencyKey: key() });
      await until(() => sms.callbacks().length >= 2);
    } finally {
      process.env.OUTBOUND_ALLOW_PRIVATE = "1";
    }
    expect(sms.callbacks().map((c) => [c.status, c.answered])).toEqual([
      ["sent", null],
      ["delivered", null],
    ]);
    expect(received).toHaveLength(0);
  });

  it("a number the network cannot reach ends undelivered with error 30003", async () => {
    await admin("/__sandbox/undeliverable", { numbers: [PASSENGER] });
    await sendSms(endpoint, { to: PASSENGER, body: "hi", statusCallback: `${receiverUrl}/status`, idempotencyKey: key() });
    await until(() => received.length >= 2);
    expect(received.map((r) => [r.params.MessageStatus, r.params.ErrorCode])).toEqual([
      ["sent", undefined],
      ["undelivered", "30003"],
    ]);
  });

  it("5xx, timeout and 429 are retryable; the 429's Retry-After is honoured by the backoff", async () => {
    await admin("/__sandbox/faults", { next: ["503"] });
    const e5 = await sendSms(endpoint, { to: PASSENGER, body: "a", idempotencyKey: key() }).catch((e: unknown) => e);
    expect(e5).toBeInstanceOf(SmsUnavailable);
    expect(e5).toMatchObject({ retryable: true, status: 503 });

    await admin("/__sandbox/faults", { next: ["timeout"] });
    // a short client timeout for this call only: the sandbox hangs until the client gives up
    const et = await sendSms({ ...endpoint, timeoutMs: 1_000 }, { to: PASSENGER, body: "b", idempotencyKey: key() }).catch((e: unknown) => e);
    expect(et).toBeInstanceOf(SmsUnavailable);
    expect((et as Error).message).toMatch(/timed out/);

    await admin("/__sandbox/faults", { next: ["429"], retryAfterSeconds: 7 });
    const e429 = await sendSms(endpoint, { to: PASSENGER, body: "c", idempotencyKey: key() }).catch((e: unknown) => e);
    expect(e429).toMatchObject({ retryable: true, status: 429, retryAfterSeconds: 7 });
    expect(sms.messages()).toHaveLength(0);

    await admin("/__sandbox/faults", { next: ["429", "503", "timeout"], retryAfterSeconds: 7 });
    const { waits, sleep } = recordingSleep();
    const m = await sendSmsWithRetry({ ...endpoint, timeoutMs: 1_000 }, { to: PASSENGER, body: "d", idempotencyKey: key() }, { attempts: 4, baseDelayMs: 100, sleep });
    expect(m.status).toBe("queued");
    // 429 asked for 7 s (more than the 100 ms backoff); then 200 ms and 400 ms of plain backoff
    expect(waits).toEqual([7000, 200, 400]);
    expect(sms.messages()).toHaveLength(1);
  });

  it("the retry gives up after its attempts with the last retryable error", async () => {
    await admin("/__sandbox/faults", { next: ["503", "503", "503"] });
    const { waits, sleep } = recordingSleep();
    const err = await sendSmsWithRetry(endpoint, { to: PASSENGER, body: "e", idempotencyKey: key() }, { attempts: 3, baseDelayMs: 10, sleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsUnavailable);
    expect(waits).toEqual([10, 20]);
    expect(sms.messages()).toHaveLength(0);
  });

  it("a lost answer retried with the same idempotency key sends one message", async () => {
    await admin("/__sandbox/faults", { next: ["lose-confirmation"] });
    const request = { to: PASSENGER, body: "Your voucher", idempotencyKey: key() };
    const lost = await sendSms(endpoint, request).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(SmsUnavailable);
    expect(sms.messages()).toHaveLength(1);
    const { sleep } = recordingSleep();
    const m = await sendSmsWithRetry(endpoint, request, { sleep });
    expect(m.sid).toBe(sms.messages()[0].sid);
    expect(sms.messages()).toHaveLength(1);
    // the same key for another message is refused, not sent
    const conflict = await sendSms(endpoint, { ...request, body: "Something else" }).catch((e: unknown) => e);
    expect(conflict).toMatchObject({ retryable: false, status: 409 });
    expect(sms.messages()).toHaveLength(1);
  });

  it("a passenger replying STOP posts the inbound webhook, and the next send fails SmsOptedOut", async () => {
    await sendSms(endpoint, { to: PASSENGER, body: "Your voucher", idempotencyKey: key() });
    const r = await admin("/__sandbox/reply", { from: PASSENGER, body: " stop " });
    expect(r).toEqual({ optedOut: true, inbound: 204 });
    const inbound = received.find((x) => x.path === "/inbound");
    expect(inbound?.params).toMatchObject({ From: PASSENGER, To: "+15005550006", Body: " stop ", OptOutType: "STOP" });
    expect(verifySmsSignature(sms.authToken, `${receiverUrl}/inbound`, inbound!.params, inbound!.signature)).toBe(true);

    const { waits, sleep } = recordingSleep();
    const err = await sendSmsWithRetry(endpoint, { to: PASSENGER, body: "Your new hotel", idempotencyKey: key() }, { sleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsOptedOut);
    expect(err).toMatchObject({ retryable: false, code: 21610 });
    expect(waits).toEqual([]);
    expect(sms.messages()).toHaveLength(1);

    // START opts back in
    await admin("/__sandbox/reply", { from: PASSENGER, body: "START" });
    await expect(sendSms(endpoint, { to: PASSENGER, body: "Welcome back", idempotencyKey: key() })).resolves.toMatchObject({ status: "queued" });
  });

  it("an invalid number is a permanent rejection (21211), not retried", async () => {
    const { waits, sleep } = recordingSleep();
    const err = await sendSmsWithRetry(endpoint, { to: "0612", body: "hi", idempotencyKey: key() }, { sleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsRejected);
    expect(err).not.toBeInstanceOf(SmsOptedOut);
    expect(err).toMatchObject({ retryable: false, status: 400, code: 21211 });
    expect(waits).toEqual([]);
    expect(sms.messages()).toHaveLength(0);
  });

  it("a wrong key is SmsAuthError, permanent", async () => {
    const wrong = { ...endpoint, authToken: "not-the-key" };
    const err = await sendSmsWithRetry(wrong, { to: PASSENGER, body: "hi", idempotencyKey: key() }, { sleep: async () => undefined }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsAuthError);
    expect(err).toMatchObject({ retryable: false, status: 401 });
  });

  it("reads SMS_URL, SMS_KEY, SMS_FROM and SMS_TIMEOUT_MS; no SMS_URL is no SMS", () => {
    const saved = { ...process.env };
    try {
      delete process.env.SMS_URL;
      expect(smsSettings()).toBeNull();
      Object.assign(process.env, { SMS_URL: sms.accountUrl, SMS_KEY: sms.authToken, SMS_FROM: "+15005550006", SMS_TIMEOUT_MS: "1234" });
      expect(smsSettings()).toEqual({ accountUrl: sms.accountUrl, accountSid: "ACsandbox", authToken: sms.authToken, from: "+15005550006", timeoutMs: 1234 });
    } finally {
      for (const k of ["SMS_URL", "SMS_KEY", "SMS_FROM", "SMS_TIMEOUT_MS"]) if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it("SMS_URL must name the account", () => {
    expect(() => endpointFor("https://api.twilio.com/2010-04-01", { authToken: "k", from: "+1", timeoutMs: 1 })).toThrow(/Accounts/);
    expect(endpointFor("https://api.twilio.com/2010-04-01/Accounts/AC123/", { authToken: "k", from: "+1", timeoutMs: 1 })).toMatchObject({ accountSid: "AC123", accountUrl: "https://api.twilio.com/2010-04-01/Accounts/AC123" });
  });
});
