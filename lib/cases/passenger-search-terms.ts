/**
 * How the command palette reads what was typed when it looks for a passenger. Pure, so the same
 * folding runs on the query (here) and on the stored names (in SQL, `foldSql`), and a unit test
 * pins both.
 */

// Latin letters with diacritics, folded to their base letter: "Müller" is found by "muller".
// Upper-case forms are listed too: PostgreSQL's lower() leaves them alone under the C locale.
const FOLDS: Record<string, string> = {
  a: "àáâãäåāăą",
  c: "çćčĉċ",
  d: "ďđ",
  e: "èéêëēėęěĕ",
  g: "ğĝġģ",
  i: "ìíîïīįıĩ",
  l: "łľĺļ",
  n: "ñńňņ",
  o: "òóôõöøōőŏ",
  r: "ŕřŗ",
  s: "śšşŝș",
  t: "ťţț",
  u: "ùúûüūůűųũ",
  y: "ýÿŷ",
  z: "žźż",
};

const lowerFrom = Object.values(FOLDS).join("");
const lowerTo = Object.entries(FOLDS)
  .map(([base, marks]) => base.repeat([...marks].length))
  .join("");
/** translate()'s two arguments: every folded letter, lower and upper case, and its base letter. */
export const FOLD_FROM = lowerFrom + lowerFrom.toUpperCase();
export const FOLD_TO = lowerTo + lowerTo;
const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, [...FOLD_TO][i]]));

/** Lower case, diacritics of Latin letters dropped, runs of spaces made one: how names are compared. */
export function foldName(text: string): string {
  return [...text.toLowerCase()]
    .map((c) => FOLD.get(c) ?? c)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The digits a phone search compares: only digits count ("+33 6 12-34" is 3361234), and a full
 * number is compared on its last nine digits, the subscriber number without the country code or
 * trunk zero, so "+33 6 12 34 56 78", "0033612345678" and "06 12 34 56 78" find one another.
 * Null when the text is not a phone number (letters in it, or fewer than six digits).
 */
export function phoneDigits(text: string): string | null {
  if (!/^[+\d\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 6) return null;
  return digits.slice(-9);
}

export type SearchTerms = {
  /** the folded name fragment ("amelie martin") */
  name: string;
  /** the text as a booking reference or passenger id: upper case, no spaces */
  reference: string;
  /** a lower-case email fragment, when the text could be part of an address */
  email: string | null;
  phone: string | null;
};

export function searchTerms(q: string): SearchTerms {
  const trimmed = q.trim();
  return {
    name: foldName(trimmed),
    reference: trimmed.replace(/\s+/g, "").toUpperCase(),
    email: trimmed.length >= 3 && !/\s/.test(trimmed) ? trimmed.toLowerCase() : null,
    phone: phoneDigits(trimmed),
  };
}
