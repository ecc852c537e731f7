import { printable } from "@/lib/printable";

/**
 * "Marie D.": the first name and the initial of the last, how every short list shows a passenger
 * (the console's care rows, the passenger page's guests and meal vouchers): a forwarded link or a
 * screen over a shoulder does not hand out full names. Null when neither is known (an erased passenger).
 */
export function shortName(first: string | null | undefined, last: string | null | undefined): string | null {
  const initial = last?.trim() ? `${last.trim().charAt(0).toUpperCase()}.` : null;
  return printable([first?.trim() || null, initial].filter(Boolean).join(" ")) || null;
}
