/**
 * Recipients as operators see them: enough to tell two passengers apart and to check a digit with
 * one at the desk, not enough to read the address or number off the screen. ADMIN sees them whole.
 */

/** a…e@example.com */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = address.slice(0, at);
  return `${local[0]}${local.length > 2 ? "…" + local[local.length - 1] : "…"}${address.slice(at)}`;
}

// ITU country codes of two digits (the rest are 1: NANP "1" and "7", or 3); enough to keep the code whole
const TWO_DIGIT_CODES = new Set([
  "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58",
  "60", "61", "62", "63", "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
]);

/** +33 •• •• •• 12: the country code and the last two digits kept, one • per hidden pair of digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 4) return "•• ••";
  const international = phone.trim().startsWith("+") || phone.trim().startsWith("00");
  const national = phone.trim().startsWith("00") ? digits.slice(2) : digits;
  const codeLength = !international ? 0 : /^[17]/.test(national) ? 1 : TWO_DIGIT_CODES.has(national.slice(0, 2)) ? 2 : 3;
  const code = international ? `+${national.slice(0, codeLength)} ` : "";
  const hiddenPairs = Math.max(1, Math.ceil((national.length - codeLength - 2) / 2));
  return `${code}${Array(hiddenPairs).fill("••").join(" ")} ${national.slice(-2)}`;
}

/** The recipient as the caller may see it: whole for ADMIN, masked for every other role. */
export function recipientFor(roles: readonly string[], channel: string, recipient: string): string {
  if (roles.includes("ADMIN")) return recipient;
  return channel === "SMS" ? maskPhone(recipient) : maskAddress(recipient);
}

/**
 * The passenger link a message carried, as the caller may see it: whole for ADMIN, else null. The
 * link is the passenger's own key (whoever holds it chooses a hotel or declines as them), so it is
 * not handed to every role that reads the case, FEED clients included.
 */
export function passengerLinkFor(roles: readonly string[], link: string | null): string | null {
  return roles.includes("ADMIN") ? link : null;
}

/**
 * A message's body as a role may read it: for any role but ADMIN the passenger link's token is cut
 * (`/v/…`), since the link lets its holder act as the passenger (choose a hotel, decline).
 */
export function bodyFor(roles: readonly string[], body: string): string {
  return roles.includes("ADMIN") ? body : body.replace(/\/v\/[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+/g, "/v/…");
}
