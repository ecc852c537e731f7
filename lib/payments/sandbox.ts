import http from "node:http";
import { z } from "zod";
import { newId } from "@/lib/ids";
import { looksLikeCardNumber } from "@/lib/policies/schemas";
import { Faults, FaultsRequest } from "@/lib/providers/faults";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { SANDBOX_API_KEY } from "./settings";
import { type Authorization, AuthorizationRequest } from "./wire";
import { firstHeader as header, jsonReplies, readJsonBody as readJson, answerFault } from "@/lib/http/sandbox-io";

/**
 * A payment service provider to develop and test against, speaking ./wire over real HTTP:
 *  - accepts any token but those starting `tok_refuse` or listed with `POST /__sandbox/refuse`
 *    { tokens: [...] } (402 card_declined), and anything that looks like a card number (402);
 *  - one authorization per reference (the Idempotency-Key): a retry answers the first one;
 *  - faults as the hotel sandboxes have them (`POST /__sandbox/faults`, `x-sandbox-fault`,
 *    lib/providers/faults.ts): 5xx, 429, timeout, 401, and "lose-confirmation" (authorized, answer dropped);
 *  - `GET /__sandbox/authorizations` lists what it authorized, for tests.
 */
export type PaymentSandbox = RunningServer & { faults: Faults; authorizations: () => Authorization[] };

const RefuseRequest = z.object({ tokens: z.array(z.string().max(255)).max(1000) });

export function paymentSandboxServer({ apiKey = SANDBOX_API_KEY } = {}) {
  const faults = new Faults();
  const byReference = new Map<string, Authorization & { token: string }>();
  const refused = new Set<string>();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://psp");
    const body = await readJson(req);
    const { reply, fail } = jsonReplies(res);
    try {
      // admin --------------------------------------------------------------------------------
      if (url.pathname === "/__sandbox/faults" && req.method === "POST") {
        const parsed = FaultsRequest.safeParse(body ?? {});
        if (!parsed.success) return fail(400, "invalid_request", "invalid fault settings");
        faults.configure(parsed.data);
        return reply(200, { settings: faults.settings, next: faults.pending() });
      }
      if (url.pathname === "/__sandbox/refuse" && req.method === "POST") {
        const parsed = RefuseRequest.safeParse(body ?? {});
        if (!parsed.success) return fail(400, "invalid_request", "expected { tokens: string[] }");
        for (const t of parsed.data.tokens) refused.add(t);
        return reply(200, { refused: refused.size });
      }
      if (url.pathname === "/__sandbox/reset" && req.method === "POST") {
        faults.reset();
        byReference.clear();
        refused.clear();
        return reply(200, { reset: true });
      }
      if (url.pathname === "/__sandbox/authorizations" && req.method === "GET") return reply(200, { authorizations: [...byReference.values()] });

      // API ----------------------------------------------------------------------------------
      const isAuthorize = url.pathname === "/v1/authorizations" && req.method === "POST";
      const read = /^\/v1\/authorizations\/([\w-]+)$/.exec(url.pathname);
      if (!isAuthorize && !(read && req.method === "GET")) return fail(404, "not_found", `no ${req.method} ${url.pathname}`);
      const drawn = faults.draw(header(req.headers["x-sandbox-fault"]), { booking: isAuthorize });
      if (await answerFault(req, res, { apiKey, drawn, faults, fail, failure: "the payment service" })) return;
      if (read) {
        const found = [...byReference.values()].find((a) => a.id === read[1]);
        return found ? reply(200, publicView(found)) : fail(404, "not_found", "no such authorization");
      }
      const parsed = AuthorizationRequest.safeParse(body);
      // the message names fields, never their values: a token is not echoed
      if (!parsed.success) return fail(400, "invalid_request", `invalid fields: ${[...new Set(parsed.error.issues.map((i) => i.path.join(".")))].join(", ")}`);
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
    } catch (err) {
      return fail(500, "server_error", err instanceof Error ? err.message : "failed");
    }
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





