import { fill } from "@/lib/i18n/format";
import { CARE_WORDS } from "@/lib/i18n/care-words";
import type { Locale } from "@/lib/i18n/locales";
import { CARE_KINDS, type CareKind } from "@/lib/vocabulary";
import { citation } from "./regime-names";
import type { CareBasis, PassengerCare } from "./types";
import { mergeArticles } from "./words";

/** One kind of care owed, in the passenger's words, with its basis as written ("EU261 Art. 5(1)(b), 9(1)(a)"). */
export type OwedLine = { kind: CareKind; text: string; basis: string };

/** "EU261 Art. 5(1)(b), 9(1)(a)" (cited as the case page cites it, lib/care/regime-names.ts); the airline's own policy in the passenger's words. */
export function basisLabel(b: CareBasis, locale: Locale): string {
  if (b.regime === "AIRLINE") return CARE_WORDS[locale].airlinePolicy;
  return citation(b.regime, b.article);
}

/**
 * What a set of passengers (a voucher's group, a passenger link's group) is owed: each kind any of
 * them is owed, once, with every owing basis, in the order MEAL, HOTEL, TRANSPORT, COMMUNICATION.
 * The hotel line says "and the transfer" when the transfer is owed too (the page's plain words);
 * `separate` keeps the transfer on its own line (the voucher, where each kind names its article).
 */
export function owedLines(list: readonly PassengerCare[], locale: Locale, { separate = false } = {}): OwedLine[] {
  const w = CARE_WORDS[locale];
  const owed = new Map<CareKind, { from: number | undefined; basis: CareBasis[] }>();
  for (const p of list)
    for (const e of p.entitlements) {
      if (!e.owed) continue;
      const at = owed.get(e.kind) ?? { from: e.fromMinutes, basis: [] };
      at.from = at.from === undefined || e.fromMinutes === undefined ? (at.from ?? e.fromMinutes) : Math.min(at.from, e.fromMinutes);
      for (const b of e.basis) if (b.owed && !at.basis.some((x) => x.regime === b.regime && x.article === b.article)) at.basis.push(b);
      owed.set(e.kind, at);
    }
  const lines: OwedLine[] = [];
  for (const kind of CARE_KINDS) {
    const at = owed.get(kind);
    if (!at) continue;
    if (kind === "TRANSPORT" && !separate && owed.has("HOTEL")) continue;
    let text: string = w[kind];
    if (kind === "MEAL") text = at.from ? fill(w.MEAL_FROM, { duration: at.from % 60 === 0 ? `${at.from / 60} h` : `${at.from} min` }) : w.MEAL_NOW;
    if (kind === "HOTEL" && !separate && owed.has("TRANSPORT")) text = w.HOTEL_TRANSPORT;
    const basis = kind === "HOTEL" && !separate && owed.has("TRANSPORT") ? withArticlesOf(at.basis, owed.get("TRANSPORT")!.basis) : at.basis;
    lines.push({ kind, text, basis: [...new Set(basis.map((b) => basisLabel(b, locale)))].join("; ") });
  }
  return lines;
}

/** The hotel's bases with the transfer's articles joined in, regime by regime ("Art. 5(1)(b), 9(1)(b),(c)"). */
function withArticlesOf(hotel: CareBasis[], transfer: CareBasis[]): CareBasis[] {
  const out = hotel.map((b) => {
    const t = transfer.find((x) => x.regime === b.regime);
    return t ? { ...b, article: mergeArticles(b.article, t.article) } : b;
  });
  return [...out, ...transfer.filter((t) => !hotel.some((b) => b.regime === t.regime))];
}
