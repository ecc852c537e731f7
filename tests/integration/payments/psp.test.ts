import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authorizePayment } from "@/lib/payments/authorize";
import { PaymentAuthError, PaymentUnavailable } from "@/lib/payments/errors";
import { paymentSettings } from "@/lib/payments/settings";
import { sandboxPayments } from "../../helpers/payments";

const psp = sandboxPayments({ PSP_TIMEOUT_MS: "300" });
let seq = 0;
const input = (cardToken: string, over: Partial<Parameters<typeof authorizePayment>[0]> = {}) => ({
  tenant: "AF",
  cardToken,
  amount: 238.5,
  currency: "EUR",
  reference: `booking-${Date.now()}-${seq++}`,
  ...over,
});

/** the configured PSP (the sandbox above), read at each call as a live case's resolution does */
const authorize = (i: Parameters<typeof authorizePayment>[0]) => authorizePayment(i, paymentSettings());

// every log line goes to the console as JSON: capture them to prove the token never appears
let lines: string[] = [];
beforeEach(async () => {
  lines = [];
  process.env.LOG_LEVEL = "debug";
  for (const m of ["log", "info", "warn", "error"] as const) vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(" ")));
  await psp.admin("/__sandbox/reset");
});
afterEach(() => {
  process.env.LOG_LEVEL = "silent";
  vi.restoreAllMocks();
});

describe("authorizePayment against the PSP sandbox over HTTP", () => {
  it("authorizes a token and answers the PSP's authorization id", async () => {
    const r = await authorize(input("tok_visa_ok_1"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.authorizationId).toMatch(/^auth_[0-9a-f]{32}$/);
    expect(psp.authorizations()).toEqual([expect.objectContaining({ id: r.authorizationId, amount: 238.5, currency: "EUR" })]);
  });

  it("refuses tokens starting tok_refuse and tokens put on the refusal list", async () => {
    const a = await authorize(input("tok_refuse_insufficient_funds"));
    expect(a).toEqual({ ok: false, reason: "card_declined: the card was declined" });
    await psp.admin("/__sandbox/refuse", { tokens: ["pm_blocked_42"] });
    expect((await authorize(input("pm_blocked_42"))).ok).toBe(false);
    expect(psp.authorizations()).toHaveLength(0);
  });

  it("refuses anything that looks like a card number before calling the PSP", async () => {
    for (const pan of ["4242424242424242", "4242 4242 4242 4242", "tok_4242-4242-4242-4242"]) {
      const r = await authorize(input(pan));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/card-number-refused/);
    }
    expect(psp.authorizations()).toHaveLength(0);
    expect(lines.join("\n")).not.toMatch(/4242/);
  });

  it("the same reference answers the same authorization (a retry never authorizes twice)", async () => {
    const i = input("tok_visa_retry");
    const a = await authorize(i);
    const b = await authorize(i);
    expect(a).toEqual(b);
    expect(psp.authorizations()).toHaveLength(1);
  });

  it("a lost answer, retried with the same reference, finds the authorization made", async () => {
    await psp.admin("/__sandbox/faults", { next: ["lose-confirmation"] });
    const i = input("tok_visa_lost");
    await expect(authorize(i)).rejects.toBeInstanceOf(PaymentUnavailable);
    const again = await authorize(i);
    expect(again.ok).toBe(true);
    expect(psp.authorizations()).toHaveLength(1);
  });

  it("5xx, 429 and timeouts throw PaymentUnavailable (retryable); a bad API key is PaymentAuthError", async () => {
    await psp.admin("/__sandbox/faults", { next: ["503"] });
    const e503 = await authorize(input("tok_a")).catch((e) => e);
    expect(e503).toBeInstanceOf(PaymentUnavailable);
    expect(e503.retryable).toBe(true);
    await psp.admin("/__sandbox/faults", { next: ["429"], retryAfterSeconds: 7 });
    const e429 = await authorize(input("tok_b")).catch((e) => e);
    expect(e429).toMatchObject({ status: 429, retryAfterSeconds: 7 });
    await psp.admin("/__sandbox/faults", { next: ["timeout"], timeoutMs: 5000 });
    expect(await authorize(input("tok_c")).catch((e) => e)).toBeInstanceOf(PaymentUnavailable);
    process.env.PSP_API_KEY = "wrong";
    try {
      expect(await authorize(input("tok_d")).catch((e) => e)).toBeInstanceOf(PaymentAuthError);
    } finally {
      delete process.env.PSP_API_KEY;
    }
  });

  it("never writes the token to a log line or an error", async () => {
    const secret = "tok_supersecret_zz9";
    await authorize(input(secret));
    await authorize(input(`tok_refuse_${secret}`));
    await psp.admin("/__sandbox/faults", { next: ["502"] });
    const err = (await authorize(input(secret)).catch((e: Error) => e)) as Error;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("supersecret");
    expect(String(err.message)).not.toContain("supersecret");
  });
});
