"use client";

import { useState } from "react";
import { fill, type Locale } from "@/lib/i18n";
import { RATING_WORDS } from "@/lib/i18n/rating-words";
import type { PassengerStatus } from "@/lib/passenger/schemas";
import { SAYABLE_TAGS } from "@/lib/quality/schemas";

const card = "rounded-lg border border-slate-300 bg-white p-4";
const button = "min-h-11 rounded-md bg-blue-800 px-4 py-2 text-base font-semibold text-white hover:bg-blue-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-700 focus-visible:ring-offset-2 disabled:opacity-60";

/**
 * "Rate your stay" (issue 22): once the stay has begun, 1–5 as radio buttons, what went wrong as
 * checkboxes and an optional comment, posted once to POST /passenger/{token}/rating; then a thank
 * you with the score given. Nothing before the stay begins or for a stay that is gone.
 */
export function RateStay({ token, rating, locale }: { token: string; rating: PassengerStatus["rating"]; locale: Locale }) {
  const w = RATING_WORDS[locale];
  const [given, setGiven] = useState<number | null>(rating?.score ?? null);
  const [score, setScore] = useState<number | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const score0 = given ?? rating?.score ?? null;

  if (score0 !== null) {
    return (
      <section className={card} aria-labelledby="rate-heading" data-testid="rate-stay">
        <h2 id="rate-heading" className="text-lg font-bold">
          {w.title}
        </h2>
        <p role="status" className="mt-2 rounded-md bg-green-100 p-3 font-semibold text-green-900" data-testid="rate-thanks">
          {fill(w.thanksScore, { score: score0 })}
        </p>
      </section>
    );
  }
  if (!rating?.open) return null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (score === null) return setError(w.pickScore);
    setBusy(true);
    setError(null);
    try {
      const body = { score, tags, ...(comment.trim() ? { comment: comment.trim() } : {}) };
      const res = await fetch(`/api/v1/passenger/${encodeURIComponent(token)}/rating`, { method: "POST", headers: { "content-type": "application/json", "accept-language": locale }, body: JSON.stringify(body) });
      const json = (await res.json().catch(() => ({}))) as { score?: number; code?: string; detail?: string };
      // already rated (another phone of the party): the stay is rated all the same
      if (res.ok || json.code === "ALREADY_RATED") setGiven(json.score ?? score);
      else setError(fill(w.failed, { detail: json.detail ?? String(res.status) }));
    } catch {
      setError(fill(w.failed, { detail: "network" }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={card} aria-labelledby="rate-heading" data-testid="rate-stay">
      <h2 id="rate-heading" className="text-lg font-bold">
        {w.title}
      </h2>
      <p>{w.intro}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-4" noValidate>
        <fieldset>
          <legend className="font-semibold">{w.scoreLegend}</legend>
          <div className="mt-2 grid gap-2">
            {w.scores.map((label, i) => (
              <label key={label} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-400 px-3 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50">
                <input type="radio" name="score" value={i + 1} checked={score === i + 1} onChange={() => {
                    setScore(i + 1);
                    setError(null);
                  }} className="size-5 accent-blue-800" data-testid={`rate-score-${i + 1}`} />
                <span aria-hidden className="text-amber-700">
                  {"★".repeat(i + 1)}
                </span>
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-semibold">{w.tagsLegend}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SAYABLE_TAGS.map((t) => (
              <label key={t} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-400 px-3">
                <input
                  type="checkbox"
                  checked={tags.includes(t)}
                  onChange={(e) => setTags((xs) => (e.target.checked ? [...xs, t] : xs.filter((x) => x !== t)))}
                  className="size-5 accent-blue-800"
                  data-testid={`rate-tag-${t}`}
                />
                <span>{w.tags[t]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="rate-comment" className="block font-semibold">
            {w.comment}
          </label>
          <p id="rate-comment-hint" className="text-sm text-slate-700">
            {w.commentHint}
          </p>
          <textarea id="rate-comment" aria-describedby="rate-comment-hint" value={comment} onChange={(e) => setComment(e.target.value.replace(/[\r\n]+/g, " "))} maxLength={1000} rows={3} className="mt-1 w-full rounded-md border border-slate-500 bg-white p-2 text-base" data-testid="rate-comment" />
        </div>
        {error ? (
          <p role="alert" className="rounded-md bg-red-100 p-3 font-semibold text-red-900" data-testid="rate-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className={button} disabled={busy} data-testid="rate-submit">
          {busy ? w.sending : w.submit}
        </button>
      </form>
    </section>
  );
}
