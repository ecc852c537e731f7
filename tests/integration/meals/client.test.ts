import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelVoucher, createVoucher, withRetry } from "@/lib/peers/meals/client";
import { MealsAuthError, MealsUnavailable } from "@/lib/peers/meals/errors";
import { type MealsSandbox, startMealsSandbox } from "@/lib/peers/meals/sandbox";
import type { MealsEndpoint } from "@/lib/peers/meals/settings";

let sandbox: MealsSandbox;
let endpoint: MealsEndpoint;
beforeAll(async () => {
  sandbox = await startMealsSandbox();
  // 1 s: a first call on a loaded machine (a new connection, code not yet compiled) took over 300 ms; the
  // sandbox's "timeout" fault below holds its answer 3 s, so it still times out
  endpoint = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, secret: sandbox.secret, timeoutMs: 1_000 };
});
afterAll(() => sandbox.stop());

const request = (passengerRef = "P1") => ({ amount: 15, currency: "EUR", passengerRef, validFrom: "2026-11-21T18:05:00.000Z", validUntil: "2026-11-22T00:05:00.000Z", merchantCategory: "FOOD" as const });
const faults = (body: unknown) => fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the meal voucher issuer's client and our sandbox", () => {
  it("a replay of the Idempotency-Key answers the same voucher and creates none", async () => {
    const a = await createVoucher(endpoint, request(), "key-1");
    const b = await createVoucher(endpoint, request(), "key-1");
    expect(a.ok && b.ok && a.voucher.id === b.voucher.id).toBe(true);
    expect(sandbox.vouchers().filter((v) => v.key === "key-1")).toHaveLength(1);
    // the same key for another voucher is refused
    expect(await createVoucher(endpoint, request("P2"), "key-1")).toMatchObject({ ok: false, status: 409, code: "idempotency_conflict" });
  });

  it("waits the 429's Retry-After and backs off on 5xx and timeouts, every try with the same key", async () => {
    await faults({ next: ["429", "503", "timeout"], retryAfterSeconds: 3, timeoutMs: 3_000 });
    const delays: number[] = [];
    const out = await withRetry(() => createVoucher(endpoint, request("P3"), "key-3"), { baseDelayMs: 10, sleep: async (ms) => void delays.push(ms) });
    expect(out.ok).toBe(true);
    expect(delays).toEqual([3000, 20, 40]);
    expect(sandbox.vouchers().filter((v) => v.key === "key-3")).toHaveLength(1);
  });

  it("throws the last retryable error when the tries run out; a wrong key is not retried", async () => {
    await faults({ next: ["500", "500"] });
    await expect(withRetry(() => createVoucher(endpoint, request("P4"), "key-4"), { attempts: 2, sleep: async () => undefined })).rejects.toBeInstanceOf(MealsUnavailable);
    let tries = 0;
    await expect(
      withRetry(
        () => {
          tries++;
          return createVoucher({ ...endpoint, apiKey: "wrong" }, request("P4"), "key-4");
        },
        { sleep: async () => undefined },
      ),
    ).rejects.toBeInstanceOf(MealsAuthError);
    expect(tries).toBe(1);
  });

  it("a decline is an outcome with the reason; a cancel of a redeemed voucher is refused", async () => {
    await fetch(`${sandbox.url}/__sandbox/decline`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ count: 1, reason: "limit" }) });
    expect(await createVoucher(endpoint, request("P5"), "key-5")).toEqual({ ok: false, status: 422, code: "declined", message: "limit" });
    const made = await createVoucher(endpoint, request("P5"), "key-5b");
    if (!made.ok) throw new Error("expected a voucher");
    await fetch(`${sandbox.url}/__sandbox/redeem`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: made.voucher.id }) });
    expect(await cancelVoucher(endpoint, made.voucher.id)).toMatchObject({ ok: false, status: 409, code: "already_redeemed" });
  });
});
