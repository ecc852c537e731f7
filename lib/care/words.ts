import type { CareKind, CareRegime } from "@/lib/vocabulary";
import { citation, REGIMES } from "./regime-names";
import { duration } from "./regimes/wait";
import type { CareBasis, Entitlement } from "./types";

/**
 * The case page's words for the engine's entitlements. Rules are written "<why>: <what>", so the
 * part before the first colon is the reason a sentence cites; the airline's own policy, a
 * supervisor and NONE are quoted whole.
 */
const WHAT: Record<CareKind, string> = { MEAL: "meals and refreshments", HOTEL: "hotel", TRANSPORT: "transfers", COMMUNICATION: "means of communication" };

/** A regime's name as a heading says it (the case card lists the regimes that cover the flight). */
export const REGIME_NAMES: Record<CareRegime, string> = Object.fromEntries(Object.entries(REGIMES).map(([r, n]) => [r, n.name])) as Record<CareRegime, string>;

/** Quoted whole rather than cited by article. */
const QUOTED: ReadonlySet<CareRegime> = new Set(["AIRLINE", "SUPERVISOR", "NONE"]);

/** Care handed out on the spot says "now"; a hotel and its transfers are for the night, so just "owed". */
const NOW: ReadonlySet<CareKind> = new Set(["MEAL", "COMMUNICATION"]);

/** "meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation)", "no hotel owed under the US DOT commitments (uncontrollable); the airline's own policy: none". */
export function careSentence(e: Entitlement): string {
  return sentence(WHAT[e.kind], NOW.has(e.kind), e);
}

/**
 * One line per kind, in the entitlements' order; HOTEL and TRANSPORT become one line ("hotel and
 * transfers owed (…)") when the same regimes decide both the same way for the same reason.
 */
export function careSummary(entitlements: readonly Entitlement[]): string[] {
  const hotel = entitlements.find((e) => e.kind === "HOTEL");
  const transport = entitlements.find((e) => e.kind === "TRANSPORT");
  const both = hotel && transport ? combine(hotel, transport) : null;
  return entitlements.flatMap((e) => {
    if (!both || (e.kind !== "HOTEL" && e.kind !== "TRANSPORT")) return [careSentence(e)];
    if (e.kind === "TRANSPORT") return [];
    return [sentence(e.owed ? "hotel and transfers" : "hotel or transfers", false, both)];
  });
}

function sentence(what: string, now: boolean, e: Entitlement): string {
  if (e.owed) {
    const from = e.fromMinutes ?? 0;
    const decisive = e.basis.filter((b) => b.owed && (b.fromMinutes ?? 0) === from);
    const when = from > 0 ? `owed from ${duration(from)}` : now ? "owed now" : "owed";
    return decisive.length > 0 ? `${what} ${when} (${decisive.map(cite).join("; ")})` : `${what} ${when}`;
  }
  if (e.basis.length === 0) return `no ${what} owed`;
  return e.basis.map((b) => (QUOTED.has(b.regime) ? b.rule : `no ${what} owed under ${REGIMES[b.regime].under} (${reason(b)})`)).join("; ");
}

function cite(b: CareBasis): string {
  return QUOTED.has(b.regime) ? b.rule : `${citation(b.regime, b.article)}: ${reason(b)}`;
}

/** A rule's "why": the text before its first colon (the whole rule when it has none). */
export function reason(b: CareBasis): string {
  const at = b.rule.indexOf(": ");
  return at < 0 ? b.rule : b.rule.slice(0, at);
}

/** The HOTEL entitlement with TRANSPORT's articles folded in, or null when the two do not read as one line. */
function combine(hotel: Entitlement, transport: Entitlement): Entitlement | null {
  if (hotel.owed !== transport.owed || hotel.fromMinutes !== transport.fromMinutes || hotel.basis.length !== transport.basis.length) return null;
  const basis: CareBasis[] = [];
  for (const [i, h] of hotel.basis.entries()) {
    const t = transport.basis[i];
    const same = h.regime === t.regime && h.owed === t.owed && h.fromMinutes === t.fromMinutes && (QUOTED.has(h.regime) ? h.rule === t.rule : reason(h) === reason(t));
    if (!same) return null;
    basis.push({ ...h, article: mergeArticles(h.article, t.article) });
  }
  return { ...hotel, basis };
}

/** "Art. 5(1)(b), 9(1)(b)" and "Art. 5(1)(b), 9(1)(c)" → "Art. 5(1)(b), 9(1)(b),(c)"; equal ones stay as they are. */
export function mergeArticles(a: string, b: string): string {
  if (a === b) return a;
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  const open = a.lastIndexOf("(", n - 1);
  const last = /^[^()]*\)$/;
  if (open >= 0 && last.test(a.slice(open + 1)) && last.test(b.slice(open + 1))) return `${a},${b.slice(open)}`;
  return `${a}; ${b}`;
}
