import { z } from "zod";
import { newId } from "@/lib/ids";
import { looksLikeCardNumber } from "./card-number";
import type { Faults } from "@/lib/http/faults";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { SANDBOX_API_KEY } from "./settings";
import { type Authorization, AuthorizationRequest } from "./wire";
import { bearerSandboxServer, invalidFields } from "@/lib/http/bearer-sandbox";

/**
 * A payment service provider to develop and test against, speaking ./wire over real HTTP:
 *  - accepts any token but those starting `tok_refuse` or listed with `POST /__sandbox/refuse`
 *    { tokens: [...] } (402 card_declined), and anything that looks like a card number (402);
 *  - one authorization per reference (the Idempotency-Key): a retry answers the first one;
 *  - faults as the hotel sandboxes have them (`POST /__sandbox/faults`, `x-sandbox-fault`,
 *    lib/http/faults.ts): 5xx, 429, timeout, 401, and "lose-confirmation" (authorized, answer dropped);
 *  - `GET /__sandbox/authorizations` lists what it authorized, for tests.
 */
export type PaymentSandbox = RunningServer & { faults: Faults; authorizations: () => Authorization[] };

const RefuseRequest = z.object({ tokens: z.array(z.string().max(255)).max(1000) });

export function paymentSandboxServer({ apiKey = SANDBOX_API_KEY } = {}) {
  const byReference = new Map<string, Authorization & { token: string }>();
  const refused = new Set<string>();

  const { server, faults } = bearerSandboxServer({
    apiKey,
    failure: "the payment service",
    reset: () => {
      byReference.clear();
      refused.clear();
    },
    routes: [
      {
        method: "POST",
        pattern: /^\/__sandbox\/refuse$/,
        admin: true,
        handle: ({ body, reply, fail }) => {
          const parsed = RefuseRequest.safeParse(body ?? {});
          if (!parsed.success) return fail(400, "invalid_request", "expected { tokens: string[] }");
          for (const t of parsed.data.tokens) refused.add(t);
          return reply(200, { refused: refused.size });
        },
      },
      { method: "GET", pattern: /^\/__sandbox\/authorizations$/, admin: true, handle: ({ reply }) => reply(200, { authorizations: [...byReference.values()] }) },
      {
        method: "GET",
        pattern: /^\/v1\/authorizations\/([\w-]+)$/,
        handle: ({ params: [id], reply, fail }) => {
          const found = [...byReference.values()].find((a) => a.id === id);
          return found ? reply(200, publicView(found)) : fail(404, "not_found", "no such authorization");
        },
      },
      {
        method: "POST",
        pattern: /^\/v1\/authorizations$/,
        booking: true,
        handle: ({ res, body, drawn, reply, fail }) => {
          const parsed = AuthorizationRequest.safeParse(body);
          // the message names fields, never their values: a token is not echoed
          if (!parsed.success) return fail(400, "invalid_request", invalidFields(parsed.error));
          const r = parsed.data;
          const previous = byReference.get(r.reference);
          if (previous) {
            if (previous.token !== r.token || previous.amount !== r.amount || previous.currency !== r.currency) {
              return fail(409, "idempotency_conflict", "the reference was used with another token or amount");
            }
            return reply(200, publicView(previous));
          }
          if (looksLikeCardNumber(r.token)) return fail(402, "card_number_refused", "a raw card number is not accepted; send a token");
          if (r.token.startsWith("tok_refuse") || refused.has(r.token)) return fail(402, "card_declined", "the card was declined");
          const authorization = { id: `auth_${newId().replaceAll("-", "")}`, status: "AUTHORIZED" as const, amount: r.amount, currency: r.currency, reference: r.reference, token: r.token };
          byReference.set(r.reference, authorization);
          // authorized, but the answer never reaches the client
          if (drawn.fault === "lose-confirmation") return void res.socket?.destroy();
          return reply(201, publicView(authorization));
        },
      },
    ],
  });
  return { server, faults, authorizations: () => [...byReference.values()].map(publicView) };
}

export async function startPaymentSandbox(options: { port?: number; apiKey?: string } = {}): Promise<PaymentSandbox> {
  const { server, faults, authorizations } = paymentSandboxServer(options);
  const running = await listen(server, options.port ?? 0);
  return { ...running, faults, authorizations };
}

function publicView(a: Authorization & { token?: string }): Authorization {
  return { id: a.id, status: a.status, amount: a.amount, currency: a.currency, reference: a.reference };
}
