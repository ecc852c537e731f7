import type { DbOrTx } from "@/db/client";
import { DomainError } from "@/lib/errors";
import { currentStay } from "./current-stay";
import { countPassengerLink, verifyPassengerToken } from "./link";
import { currentVoucher } from "./rendition";

export type PassengerPage = { status: 200 | 404 | 410 | 429; html: string; headers?: Record<string, string> };

/**
 * The passenger's page behind a signed link: no session, the link is the credential. A valid link
 * shows that reservation's voucher and nothing else; a tampered or unknown link is a 404 that says
 * no more than "not found"; an expired link, or a cancelled reservation, a 410 saying so. A stay
 * replaced (a re-accommodation, the passenger's choice) shows the replacing stay's voucher (./current-stay.ts).
 * A valid link is counted against the link's rate limit, the one its page and API count against:
 * past it a 429 page with Retry-After, before anything is read.
 * A CONFIRMED stay whose voucher is not stored yet shows it rendered on demand (./rendition.ts): the
 * link can be opened before the voucher job has run, and must not say "not found" then.
 */
export async function passengerVoucherPage(db: DbOrTx, token: string, now = Date.now()): Promise<PassengerPage> {
  const check = verifyPassengerToken(token, now);
  if (!check.ok) {
    return check.reason === "EXPIRED"
      ? { status: 410, html: page("This link has expired", "Ask the airline desk or check your email for a newer link.") }
      : { status: 404, html: page("Voucher not found", "Check that the link was copied in full, or ask the airline desk.") };
  }
  try {
    await countPassengerLink(check.reservationUrn);
  } catch (err) {
    if (!(err instanceof DomainError) || err.status !== 429) throw err;
    return { status: 429, html: page("Too many requests", "This link was opened too often in the last minute. Wait a minute, then reload the page."), headers: err.headers };
  }
  const reservation = await currentStay(db, check.reservationUrn);
  const voucher = reservation && (await currentVoucher(db, reservation));
  if (!reservation || !voucher) return { status: 404, html: page("Voucher not found", "Check that the link was copied in full, or ask the airline desk.") };
  if (reservation.status === "CANCELLED") return { status: 410, html: page("This reservation was cancelled", "The voucher is no longer valid. The airline desk will tell you where you are staying.") };
  return { status: 200, html: voucher.html };
}

function page(title: string, text: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title}</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:600px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:22px">${title}</h1><p>${text}</p></body></html>`
  );
}
