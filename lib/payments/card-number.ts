/**
 * A PSP token never carries a card number: anything with 13 or more digits in a row (spaces and
 * dashes ignored), Luhn-valid or not, is refused so a pasted PAN is never stored.
 */
export function looksLikeCardNumber(value: string): boolean {
  return /\d{13,}/.test(value.replace(/[\s-]/g, ""));
}
