import type { z } from "zod";
import { readCapped } from "@/lib/http/body";
import { invalid, malformed, unauthenticated, unsupportedMediaType } from "@/lib/errors";
import { verifySmsSignature } from "@/lib/sms/signature";
import { assertStorable, issuesToErrors } from "@/lib/validation";
import { publicBaseUrl } from "@/lib/http/public-url";
import { smsEndpoint } from "./channels";

/** A gateway's callback is small; anything larger is not one. */
const FORM_LIMIT = 64 * 1024;

/**
 * A callback from the SMS gateway, read and checked: form-encoded, signed with X-Twilio-Signature
 * by SMS_KEY over the full URL we handed the gateway (PUBLIC_URL + path + query) and every field,
 * which is its only credential (no bearer token). A bad or missing signature, or no SMS gateway
 * configured, is 401 (checked first); a body that is not a form 415; fields the schema refuses 422.
 */
export async function readSignedSmsForm<T extends z.ZodObject>(req: Request, schema: T): Promise<z.output<T>> {
  const endpoint = smsEndpoint();
  let fields: Record<string, string>;
  try {
    fields = Object.fromEntries(new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(await readCapped(req, FORM_LIMIT))));
  } catch (err) {
    if (err instanceof TypeError) throw malformed("The form is not UTF-8.");
    throw err;
  }
  const url = new URL(req.url);
  const signedUrl = `${publicBaseUrl()}${url.pathname}${url.search}`;
  if (!endpoint || !verifySmsSignature(endpoint.authToken, signedUrl, fields, req.headers.get("x-twilio-signature"))) {
    throw unauthenticated("A valid X-Twilio-Signature (signed with SMS_KEY over this URL and the form) is required.");
  }
  // after the signature: an unsigned caller learns nothing about what we accept
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get("content-type") ?? "")) throw unsupportedMediaType("The gateway posts application/x-www-form-urlencoded.");
  // a NUL in any field (MessageSid is looked up, Body stored) is refused, as in every JSON body
  assertStorable(fields, "(form)");
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw invalid("The callback's fields are not what the gateway sends.", issuesToErrors(parsed.error));
  return parsed.data;
}
