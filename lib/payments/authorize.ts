import { log } from "@/lib/log";
import { looksLikeCardNumber } from "./card-number";
import { requestAuthorization } from "./client";
import { PaymentUnavailable } from "./errors";
import type { PaymentEndpoint } from "./settings";

export type AuthorizeInput = { tenant: string; cardToken: string; amount: number; currency: string; reference: string };
export type AuthorizeResult = { ok: true; authorizationId: string } | { ok: false; reason: string };

/**
 * Authorizes a CARD reservation's amount against the policy's PSP token. A refusal (declined
 * token, a value that looks like a card number, an invalid request) answers `{ ok: false, reason }`
 * for the booking job to turn into PAYMENT_FAILED; an unreachable or failing PSP throws
 * PaymentUnavailable (retryable). `reference` is the idempotency key: the booking's client
 * reference, so a retry answers the same authorization. The token is sent to the PSP and nowhere
 * else: not in a log line, not in an error, not in the reason. The PSP is the case's
 * (lib/peers/case-systems.ts): a drill's card is authorized at the drills' own sandbox.
 */
export async function authorizePayment(input: AuthorizeInput, psp: PaymentEndpoint): Promise<AuthorizeResult> {
  if (looksLikeCardNumber(input.cardToken)) {
    log("warn", "payment refused before the PSP: the token looks like a card number", { tenant: input.tenant, reference: input.reference });
    return { ok: false, reason: "card-number-refused: a PSP token is required, never a card number" };
  }
  if (!psp.baseUrl) throw new PaymentUnavailable("PSP_URL is not configured", null);
  const outcome = await requestAuthorization(
    { baseUrl: psp.baseUrl, apiKey: psp.apiKey, timeoutMs: psp.timeoutMs },
    { token: input.cardToken, amount: round2(input.amount), currency: input.currency, reference: input.reference, merchant: input.tenant },
  );
  if (outcome.ok) {
    log("info", "payment authorized", { tenant: input.tenant, reference: input.reference, authorizationId: outcome.authorization.id });
    return { ok: true, authorizationId: outcome.authorization.id };
  }
  log("info", "payment refused", { tenant: input.tenant, reference: input.reference, code: outcome.code });
  return { ok: false, reason: `${outcome.code}: ${outcome.message}` };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
