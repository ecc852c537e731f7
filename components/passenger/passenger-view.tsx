"use client";

import { useCallback, useEffect, useState } from "react";
import { fill, LOCALE_NAMES, LOCALES, type PageWord } from "@/lib/i18n";
import type { PassengerStatus } from "@/lib/passenger/schemas";
import { formatLocalDayTime, formatLocalTime } from "@/lib/i18n/format";
import { CareOwed } from "./care-owed";
import { PassengerMealVouchers } from "./meal-vouchers";
import { RateStay } from "./rate-stay";
import { TaxiVouchers } from "./taxi-vouchers";

type Hotel = { hotelUrn: string; name: string; address: string; stars: number | null; distanceKm: number };
type Props = { token: string; initial: PassengerStatus; hotels: Hotel[]; words: Record<PageWord, string>; rememberLanguage: string | null };

const POLL_MS = 20_000;
const card = "rounded-lg border border-slate-300 bg-white p-4";
const button = "min-h-11 rounded-md px-4 py-2 text-base font-semibold focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-700 focus-visible:ring-offset-2 disabled:opacity-60";
const primary = `${button} bg-blue-800 text-white hover:bg-blue-900`;
const secondary = `${button} border border-slate-500 bg-white text-slate-900 hover:bg-slate-100`;

/**
 * The passenger's page in the browser: the status the server rendered, kept fresh (the status JSON
 * polled every 20 s and when the phone shows the tab again), the shuttle's countdown, and the two
 * actions, each posted to the passenger API with its outcome shown in words. Plain light colours
 * whatever the console's theme: the page must read in a dark street on any phone.
 */
export function PassengerView({ token, initial, hotels: initialHotels, words: w, rememberLanguage }: Props) {
  const [status, setStatus] = useState(initial);
  const [hotels, setHotels] = useState(initialHotels);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const api = `/api/v1/passenger/${encodeURIComponent(token)}`;
  const locale = status.locale;

  const refresh = useCallback(async () => {
    const res = await fetch(`${api}?lang=${locale}`, { cache: "no-store" }).catch(() => null);
    if (!res?.ok) return;
    const next = (await res.json()) as PassengerStatus;
    setStatus((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
    setNow(Date.now());
    if (!next.choice.open) setHotels([]);
  }, [api, locale]);

  useEffect(() => {
    document.documentElement.lang = locale;
    // the switch's choice outlives this visit: the next opening of the link speaks it too
    if (rememberLanguage) document.cookie = `passenger_lang=${rememberLanguage}; path=/; max-age=${60 * 60 * 24 * 30}; samesite=lax`;
  }, [locale, rememberLanguage]);

  useEffect(() => {
    const poll = setInterval(() => void refresh(), POLL_MS);
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    const onVisible = () => document.visibilityState === "visible" && void refresh();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);

  async function post(path: string, body: unknown): Promise<{ ok: boolean; json: { detail?: string } & Partial<PassengerStatus> }> {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`${api}/${path}`, { method: "POST", headers: { "content-type": "application/json", "accept-language": locale }, body: JSON.stringify(body) });
      return { ok: res.ok, json: await res.json().catch(() => ({})) };
    } catch {
      return { ok: false, json: { detail: "network" } };
    } finally {
      setBusy(false);
    }
  }

  async function choose(h: Hotel) {
    const { ok, json } = await post("choice", { hotelUrn: h.hotelUrn });
    if (ok) {
      setStatus(json as PassengerStatus);
      setHotels([]);
      setMessage({ kind: "ok", text: fill(w.chosen, { hotel: h.name }) });
    } else {
      setMessage({ kind: "error", text: fill(w.chooseFailed, { detail: json.detail ?? "?" }) });
      void refresh();
    }
  }

  async function decline() {
    const { ok, json } = await post("decline", reason.trim() ? { reason: reason.trim() } : {});
    setConfirming(false);
    if (ok) setStatus(json as PassengerStatus);
    else setMessage({ kind: "error", text: fill(w.error, { detail: json.detail ?? "?" }) });
  }

  const r = status.reservation;
  // one 24-hour clock in the passenger's language throughout, as the vouchers and rides below write it
  const when = (iso: string) => formatLocalDayTime(iso, r.timeZone, locale);
  const time = (iso: string) => formatLocalTime(iso, r.timeZone, locale);
  const minutesToPickup = status.ride ? Math.round((Date.parse(status.ride.pickupAt) - now) / 60_000) : null;
  const statusWord = w[`status${r.status}` as PageWord] ?? r.status;

  return (
    <main lang={locale} className="mx-auto min-h-dvh max-w-xl space-y-4 bg-slate-50 p-4 text-slate-900" data-testid="passenger-page">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{w.pageTitle}</h1>
        <p>{w.intro}</p>
        <form method="get" className="flex items-end gap-2">
          <div className="flex flex-col">
            <label htmlFor="lang" className="text-sm font-semibold">
              {w.language}
            </label>
            <select id="lang" name="lang" defaultValue={locale} className="min-h-11 rounded-md border border-slate-500 bg-white px-2 text-base" data-testid="language">
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondary} data-testid="language-submit">
            {w.change}
          </button>
        </form>
      </header>

      <div aria-live="polite" className="space-y-2">
        {message ? (
          <p role={message.kind === "error" ? "alert" : "status"} className={`rounded-md p-3 font-semibold ${message.kind === "ok" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`} data-testid="outcome">
            {message.text}
          </p>
        ) : null}
        {status.declined ? (
          <p className="rounded-md bg-green-100 p-3 font-semibold text-green-900" data-testid="declined">
            {w.declined}
          </p>
        ) : r.status === "CANCELLED" ? (
          <section className={card}>
            <h2 className="text-lg font-bold">{w.cancelledTitle}</h2>
            <p>{w.cancelledText}</p>
          </section>
        ) : null}
      </div>

      {r.status !== "CANCELLED" ? (
        <>
          <section className={card} aria-labelledby="hotel-heading" data-testid="hotel">
            <h2 id="hotel-heading" className="text-lg font-bold">
              {w.hotel}: <span data-testid="hotel-name">{r.hotel.name}</span>
            </h2>
            <dl className="mt-2 space-y-2">
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.confirmationCode}</dt>
                <dd className="text-xl font-bold tracking-wider" data-testid="confirmation-code">
                  {r.confirmationCode}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.status}</dt>
                <dd>{statusWord}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.address}</dt>
                <dd>
                  {r.hotel.address}{" "}
                  <a href={r.hotel.mapUrl} className="font-semibold text-blue-800 underline" target="_blank" rel="noreferrer noopener">
                    {w.map}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.phone}</dt>
                <dd>{r.hotel.phone ? <a href={`tel:${r.hotel.phone.replace(/[^\d+]/g, "")}`} className="font-semibold text-blue-800 underline">{r.hotel.phone}</a> : w.phoneMissing}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.checkIn}</dt>
                <dd suppressHydrationWarning>{when(r.checkIn)}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.checkOut}</dt>
                <dd suppressHydrationWarning>{when(r.checkOut)}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-700">{w.roomsAndGuests}</dt>
                <dd>
                  {fill(w.rooms, { count: r.rooms })}: {r.guests.join(", ")}
                </dd>
              </div>
            </dl>
            <p className="mt-3">
              <a href={`/v/${encodeURIComponent(token)}/voucher`} className="font-semibold text-blue-800 underline" data-testid="voucher-link">
                {w.voucher}
              </a>
            </p>
          </section>

          <section className={card} aria-labelledby="shuttle-heading">
            <h2 id="shuttle-heading" className="text-lg font-bold">
              {w.shuttle}
            </h2>
            {status.ride ? (
              <>
                <p suppressHydrationWarning>{fill(w.pickup, { time: time(status.ride.pickupAt), place: status.ride.pickupPlace })}</p>
                {status.ride.vehicle ? <p>{fill(w.vehicle, { vehicle: status.ride.vehicle })}</p> : null}
                <p className="font-semibold" suppressHydrationWarning data-testid="countdown">
                  {minutesToPickup !== null && minutesToPickup > 0 ? fill(w.countdown, { minutes: minutesToPickup }) : w.countdownNow}
                </p>
              </>
            ) : status.rides.some((t) => t.status === "ISSUED") ? (
              // a valid taxi voucher is the ride: never "make your own way" above it
              <p className="font-semibold" data-testid="take-taxi">
                {w.takeTaxi}
              </p>
            ) : (
              <p>{w.noShuttle}</p>
            )}
          </section>

          <section className={card} aria-labelledby="flight-heading">
            <h2 id="flight-heading" className="text-lg font-bold">
              {w.nextFlight}
            </h2>
            <p suppressHydrationWarning>{status.nextFlight ? `${status.nextFlight.number}, ${when(status.nextFlight.scheduledDeparture)}` : w.noNextFlight}</p>
          </section>

          {status.choice.open ? (
            <section className={card} aria-labelledby="choose-heading" data-testid="choices">
              <h2 id="choose-heading" className="text-lg font-bold">
                {w.chooseTitle}
              </h2>
              <p suppressHydrationWarning>{fill(w.chooseUntil, { time: time(status.choice.deadline!), minutes: Math.max(0, Math.ceil((Date.parse(status.choice.deadline!) - now) / 60_000)) })}</p>
              {hotels.length === 0 ? <p>{w.chooseNone}</p> : null}
              <ul className="mt-2 space-y-2">
                {hotels.map((h) => (
                  <li key={h.hotelUrn} className="rounded-md border border-slate-300 p-3">
                    <p className="font-semibold">{h.name}</p>
                    <p className="text-sm text-slate-700">
                      {h.address} · {h.distanceKm} km{h.stars ? ` · ${"★".repeat(h.stars)}` : ""}
                    </p>
                    <button type="button" className={`${primary} mt-2`} disabled={busy} onClick={() => void choose(h)} data-testid="choose">
                      {busy ? w.choosing : fill(w.chooseButton, { hotel: h.name })}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {r.status === "CONFIRMED" ? (
            <section className={card} aria-labelledby="decline-heading" data-testid="decline">
              <h2 id="decline-heading" className="text-lg font-bold">
                {w.declineTitle}
              </h2>
              <p>{w.declineIntro}</p>
              <label htmlFor="decline-reason" className="mt-2 block text-sm font-semibold">
                {w.declineReason}
              </label>
              <input id="decline-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} className="min-h-11 w-full rounded-md border border-slate-500 bg-white px-2 text-base" data-testid="decline-reason" />
              {confirming ? (
                <div role="group" aria-label={w.declineConfirm} className="mt-3 space-y-2">
                  <p className="font-semibold">{w.declineConfirm}</p>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className={primary} disabled={busy} onClick={() => void decline()} data-testid="decline-yes">
                      {w.declineYes}
                    </button>
                    <button type="button" className={secondary} onClick={() => setConfirming(false)}>
                      {w.declineNo}
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className={`${secondary} mt-3`} onClick={() => setConfirming(true)} data-testid="decline-start">
                  {w.declineButton}
                </button>
              )}
            </section>
          ) : null}
        </>
      ) : null}
      {r.status !== "CANCELLED" ? <RateStay token={token} rating={status.rating} locale={locale} /> : null}
      {/* below the stay, from the same polled status: what the group is owed, its meal and taxi vouchers */}
      <CareOwed lines={status.care} locale={locale} />
      <PassengerMealVouchers status={status} />
      <TaxiVouchers rides={status.rides} timeZone={r.timeZone} locale={locale} />
    </main>
  );
}
