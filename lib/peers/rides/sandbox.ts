import { z } from "zod";
import { bearerSandboxServer, invalidFields } from "@/lib/http/bearer-sandbox";
import { firstHeader as header } from "@/lib/http/sandbox-io";
import type { Faults } from "@/lib/http/faults";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { sandboxRidesKey, sandboxRidesSecret } from "./settings";
import { hmacHex } from "@/lib/http/body-signature";
import { type ProviderVoucher, RideVoucherRequest } from "./wire";

/**
 * A ride provider to develop and test against, speaking ./wire over real HTTP:
 *  - `POST /v1/ride-vouchers` issues a voucher {id, code, link}, one per Idempotency-Key: a retry
 *    (or the same key again) answers the first voucher, never a second;
 *  - `POST /v1/ride-vouchers/{id}/cancel` cancels it (409 once used);
 *  - faults as the other sandboxes have them (`POST /__sandbox/faults`, `x-sandbox-fault`: 5xx,
 *    429 with Retry-After, timeout, 401, lose-confirmation), and a refusal on demand:
 *    `POST /__sandbox/refuse` { next: n } (or `x-sandbox-fault: refuse`) answers 422 ride_refused;
 *  - `POST /__sandbox/use` { id, amount } marks a voucher USED and POSTs the signed usage callback
 *    (X-Ride-Signature, HMAC-SHA256 of the body with the secret) to `callbackUrl`;
 *  - `accessible: true` in the request gives a voucher only wheelchair-accessible cars take (its code
 *    starts `WAV-`, and the answer says `accessible: true`); `POST /__sandbox/accessible` { available:
 *    false } makes it refuse such requests (422 no_accessible_vehicle), as a provider without one would;
 *  - `GET /__sandbox/vouchers` lists what it issued; `POST /__sandbox/reset` forgets it all.
 */
export type SandboxRide = ProviderVoucher & { reference: string; request: RideVoucherRequest; status: "ACTIVE" | "USED" | "CANCELLED" };
export type RidesSandbox = RunningServer & { faults: Faults; vouchers: () => SandboxRide[]; refuseNext: (n: number) => void };

const Use = z.object({ id: z.string(), amount: z.number().min(0) });

export function ridesSandboxServer({ apiKey = sandboxRidesKey(), secret = sandboxRidesSecret(), callbackUrl = null as string | null } = {}) {
  const byKey = new Map<string, SandboxRide>();
  let refusals = 0;
  let sequence = 0;
  let accessibleCars = true;

  const { server, faults } = bearerSandboxServer({
    apiKey,
    failure: "the dispatcher",
    reset: () => {
      byKey.clear();
      refusals = 0;
      accessibleCars = true;
    },
    routes: [
      {
        method: "POST",
        pattern: /^\/__sandbox\/refuse$/,
        admin: true,
        handle: ({ body, reply }) => {
          refusals += z.object({ next: z.number().int().min(0).max(1000) }).catch({ next: 1 }).parse(body ?? {}).next;
          return reply(200, { refuseNext: refusals });
        },
      },
      {
        method: "POST",
        pattern: /^\/__sandbox\/accessible$/,
        admin: true,
        handle: ({ body, reply }) => {
          accessibleCars = z.object({ available: z.boolean() }).catch({ available: true }).parse(body ?? {}).available;
          return reply(200, { accessible: accessibleCars });
        },
      },
      { method: "GET", pattern: /^\/__sandbox\/vouchers$/, admin: true, handle: ({ reply }) => reply(200, { vouchers: [...byKey.values()] }) },
      {
        method: "POST",
        pattern: /^\/__sandbox\/use$/,
        admin: true,
        handle: async ({ body, reply, fail }) => {
          const parsed = Use.safeParse(body);
          const ride = parsed.success ? [...byKey.values()].find((v) => v.id === parsed.data.id) : undefined;
          if (!parsed.success || !ride) return fail(404, "not_found", "no such voucher");
          if (ride.status !== "ACTIVE") return fail(409, "not_active", `the voucher is ${ride.status}`);
          ride.status = "USED";
          const payload = JSON.stringify({ id: ride.id, reference: ride.reference, amount: Math.min(parsed.data.amount, ride.request.maxAmount), currency: ride.request.currency, usedAt: new Date().toISOString() });
          const delivered = callbackUrl
            ? await fetch(callbackUrl, { method: "POST", headers: { "content-type": "application/json", "x-ride-signature": hmacHex(secret, payload) }, body: payload }).then((r) => r.status, () => null)
            : null;
          return reply(200, { used: JSON.parse(payload), callbackStatus: delivered });
        },
      },
      {
        method: "POST",
        pattern: /^\/v1\/ride-vouchers\/([\w-]+)\/cancel$/,
        handle: ({ params: [id], reply, fail }) => {
          const ride = [...byKey.values()].find((v) => v.id === id);
          if (!ride) return fail(404, "not_found", "no such voucher");
          if (ride.status === "USED") return fail(409, "already_used", "the voucher was used");
          ride.status = "CANCELLED";
          return reply(200, publicView(ride));
        },
      },
      {
        method: "POST",
        pattern: /^\/v1\/ride-vouchers$/,
        booking: true,
        handle: ({ req, res, body, drawn, reply, fail }) => {
          const key = header(req.headers["idempotency-key"]);
          if (!key) return fail(400, "invalid_request", "Idempotency-Key is required");
          const previous = byKey.get(key);
          if (previous) return reply(200, publicView(previous));
          const faultHeader = header(req.headers["x-sandbox-fault"]);
          if (faultHeader === "refuse" || refusals > 0) {
            if (faultHeader !== "refuse") refusals -= 1;
            return fail(422, "ride_refused", "no ride can be offered for this trip");
          }
          const parsed = RideVoucherRequest.safeParse(body);
          if (!parsed.success) return fail(400, "invalid_request", invalidFields(parsed.error));
          if (parsed.data.reference !== key) return fail(400, "invalid_request", "reference and Idempotency-Key differ");
          if (parsed.data.accessible && !accessibleCars) return fail(422, "no_accessible_vehicle", "no wheelchair-accessible car can be offered for this trip");
          sequence += 1;
          const id = `rv_${String(sequence).padStart(6, "0")}`;
          const code = `${parsed.data.accessible ? "WAV" : "RIDE"}-${(sequence * 7919 + 1000).toString(36).toUpperCase().padStart(5, "0")}`;
          const ride: SandboxRide = { id, code, link: `https://rides.example/v/${id}`, status: "ACTIVE", reference: key, request: parsed.data };
          byKey.set(key, ride);
          if (drawn.fault === "lose-confirmation") return void res.socket?.destroy();
          return reply(201, publicView(ride));
        },
      },
    ],
  });
  return { server, faults, vouchers: () => [...byKey.values()], refuseNext: (n: number) => void (refusals += n) };
}

export async function startRidesSandbox(options: { port?: number; apiKey?: string; secret?: string; callbackUrl?: string | null } = {}): Promise<RidesSandbox> {
  const { server, faults, vouchers, refuseNext } = ridesSandboxServer(options);
  const running = await listen(server, options.port ?? 0);
  return { ...running, faults, vouchers, refuseNext };
}

function publicView(r: SandboxRide): ProviderVoucher {
  return { id: r.id, code: r.code, link: r.link, status: r.status, ...(r.request.accessible ? { accessible: true } : {}) };
}
