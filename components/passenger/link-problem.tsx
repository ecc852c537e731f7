import { type Locale, PAGE_WORDS } from "@/lib/i18n";

/** A link that shows nothing: forged, truncated, expired, or counted past its limit. Says what to do, reveals nothing. */
export function LinkProblem({ locale, kind }: { locale: Locale; kind: "notFound" | "expired" | "busy" }) {
  const w = PAGE_WORDS[locale];
  const [title, text] = kind === "expired" ? [w.expiredTitle, w.expiredText] : kind === "busy" ? [w.pageTitle, w.error.replace("{detail}", "429")] : [w.notFoundTitle, w.notFoundText];
  return (
    <main lang={locale} className="mx-auto max-w-xl bg-white p-6 text-slate-900">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-base">{text}</p>
    </main>
  );
}
