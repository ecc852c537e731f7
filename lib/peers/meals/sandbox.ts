import crypto from "node:crypto";
import { z } from "zod";
import { bearerSandboxServer } from "@/lib/http/bearer-sandbox";
import { firstHeader as header } from "@/lib/http/sandbox-io";
import type { Faults } from "@/lib/http/faults";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { sandboxMealsKey, sandboxMealsSecret } from "./settings";
import { hmacHex } from "@/lib/http/body-signature";
import { VoucherRequest } from "./wire";

/**
 * A meal-voucher issuer to develop and test against, over real HTTP:
 *  - `POST /v1/vouchers` (Bearer key, Idempotency-Key) answers 201 `{ id, code, cardLast4, status: "ACTIVE" }`;
 *    one voucher per key: a replay answers the first voucher and creates nothing (409 if the body differs);
 *  - `POST /v1/vouchers/{id}/cancel` → `CANCELLED` (409 `already_redeemed` once redeemed);
 *  - faults as our other sandboxes have them (`POST /__sandbox/faults`, `x-sandbox-fault`,
 *    lib/http/faults.ts): 5xx, 429 with Retry-After, timeout, 401, "lose-confirmation" (created,
 *    the answer dropped); `POST /__sandbox/decline` { count, reason } refuses the next creates 422 `declined`;
 *  - `POST /__sandbox/redeem` { id, amount?, merchant?, url? } spends a voucher and POSTs the signed
 *    callback (X-Meal-Signature, ./signature) to `url` or the redemption URL it was started with;
 *    it answers the body and signature it sent, and what the receiver answered;
 *  - `GET /__sandbox/vouchers` lists what it issued, `POST /__sandbox/reset` forgets everything.
 */
export type MealsSandboxOptions = { port?: number; apiKey?: string; secret?: string; redemptionUrl?: string | null };
export type SandboxVoucher = { id: string; code: string; cardLast4: string; status: "ACTIVE" | "CANCELLED" | "REDEEMED"; key: string | null; request: VoucherRequest; redeemedAmount: number | null };
export type MealsSandbox = RunningServer & { faults: Faults; vouchers: () => SandboxVoucher[]; apiKey: string; secret: string };

const DeclineRequest = z.object({ count: z.number().int().min(1).max(1000).default(1), reason: z.string().max(200).default("card programme limit reached") });
const RedeemRequest = z.object({ id: z.string(), amount: z.number().nonnegative().optional(), merchant: z.string().max(200).optional(), url: z.string().url().optional() });

export function mealsSandboxServer({ apiKey = sandboxMealsKey(), secret = sandboxMealsSecret(), redemptionUrl = null }: MealsSandboxOptions = {}) {
  const vouchers = new Map<string, SandboxVoucher>();
  const byKey = new Map<string, string>();
  const declines: string[] = [];

  const { server, faults } = bearerSandboxServer({
    apiKey,
    failure: "the issuer",
    invalidBody: null,
    reset: () => {
      vouchers.clear();
      byKey.clear();
      declines.length = 0;
    },
    routes: [
      {
        method: "POST",
        pattern: /^\/__sandbox\/decline$/,
        admin: true,
        handle: ({ body, reply, fail }) => {
          const parsed = DeclineRequest.safeParse(body ?? {});
          if (!parsed.success) return fail(400, "invalid_request", "expected { count, reason }");
          for (let i = 0; i < parsed.data.count; i++) declines.push(parsed.data.reason);
          return reply(200, { declines: declines.length });
        },
      },
      {
        method: "POST",
        pattern: /^\/__sandbox\/redeem$/,
        admin: true,
        handle: async ({ body, reply, fail }) => {
          const parsed = RedeemRequest.safeParse(body);
          if (!parsed.success) return fail(400, "invalid_request", "expected { id, amount?, merchant?, url? }");
          const v = vouchers.get(parsed.data.id);
          if (!v) return fail(404, "not_found", "no such voucher");
          if (v.status === "CANCELLED") return fail(409, "cancelled", "the voucher was cancelled");
          v.status = "REDEEMED";
          v.redeemedAmount = parsed.data.amount ?? v.request.amount;
          const sent = JSON.stringify({ id: v.id, amount: v.redeemedAmount, redeemedAt: new Date().toISOString(), merchant: parsed.data.merchant ?? "Sandbox Café, Terminal 2" });
          const signature = hmacHex(secret, sent);
          const target = parsed.data.url ?? redemptionUrl;
          let answered: number | null = null;
          if (target) {
            answered = await fetch(target, { method: "POST", headers: { "content-type": "application/json", "x-meal-signature": signature }, body: sent, signal: AbortSignal.timeout(5_000) })
              .then((r) => r.status)
              .catch(() => null);
          }
          return reply(200, { body: sent, signature, answered });
        },
      },
      { method: "GET", pattern: /^\/__sandbox\/vouchers$/, admin: true, handle: ({ reply }) => reply(200, { vouchers: [...vouchers.values()] }) },
      {
        method: "POST",
        pattern: /^\/v1\/vouchers\/([^/]+)\/cancel$/,
        handle: ({ params: [id], reply, fail }) => {
          const v = vouchers.get(decodeURIComponent(id));
          if (!v) return fail(404, "not_found", "no such voucher");
          if (v.status === "REDEEMED") return fail(409, "already_redeemed", "the voucher was already redeemed");
          v.status = "CANCELLED";
          return reply(200, publicView(v));
        },
      },
      {
        method: "POST",
        pattern: /^\/v1\/vouchers$/,
        booking: true,
        handle: ({ req, res, body, drawn, reply, fail }) => {
          const key = header(req.headers["idempotency-key"]);
          const parsed = VoucherRequest.safeParse(body);
          if (!parsed.success) return fail(400, "invalid_request", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
          const previous = key ? vouchers.get(byKey.get(key) ?? "") : undefined;
          if (previous) {
            if (previous.request.amount !== parsed.data.amount || previous.request.passengerRef !== parsed.data.passengerRef) return fail(409, "idempotency_conflict", "the Idempotency-Key was used for another voucher");
            return reply(201, publicView(previous));
          }
          const declined = declines.shift();
          if (declined) return fail(422, "declined", declined);
          const v: SandboxVoucher = { id: `mv_${crypto.randomBytes(8).toString("hex")}`, code: crypto.randomBytes(6).toString("hex").toUpperCase(), cardLast4: String(crypto.randomInt(0, 10_000)).padStart(4, "0"), status: "ACTIVE", key, request: parsed.data, redeemedAmount: null };
          vouchers.set(v.id, v);
          if (key) byKey.set(key, v.id);
          if (drawn.fault === "lose-confirmation") return void res.socket?.destroy();
          return reply(201, publicView(v));
        },
      },
    ],
  });
  return { server, faults, apiKey, secret, vouchers: () => [...vouchers.values()].map((v) => ({ ...v })) };
}

export async function startMealsSandbox(options: MealsSandboxOptions = {}): Promise<MealsSandbox> {
  const { server, ...rest } = mealsSandboxServer(options);
  return { ...(await listen(server, options.port ?? 0)), ...rest };
}

const publicView = (v: SandboxVoucher) => ({ id: v.id, code: v.code, cardLast4: v.cardLast4, status: v.status });
