/**
 * A phone number as the SMS gateway takes it (E.164: +, country code, up to 15 digits), or null when
 * it cannot be read as one. Spaces, dots, dashes and brackets go; a leading 00 is the international
 * prefix. A number without a country code (0612…) is not guessed at: null.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let n = phone.trim().replace(/[\s.\-()/]/g, "");
  if (n.startsWith("00")) n = `+${n.slice(2)}`;
  return /^\+[1-9]\d{6,14}$/.test(n) ? n : null;
}
