import type { Metadata } from "next";
import Link from "next/link";
import { ArrivalCard } from "@/components/extranet/arrival-card";
import { CallAnswerForm } from "@/components/extranet/call-answer-form";
import { InventoryForm } from "@/components/extranet/inventory-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { sessionCtx } from "@/lib/console/session-ctx";
import { getCapacityCall } from "@/lib/capacity/record";
import type { CapacityCall } from "@/lib/capacity/schemas";
import { nightOf } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { listArrivals } from "@/lib/extranet/arrivals";
import { readHotelNight } from "@/lib/extranet/read-night";

export const metadata: Metadata = { title: "Tonight's arrivals" };

/**
 * A hotel of the claim: the night's arrivals and rooms, or why it cannot be shown (no contract of
 * this airline any more, a date that is not one). Without `date` the night under way (until the
 * cutoff of lib/cases/stay.ts, last evening's); `tonight` is the night a booking made now takes,
 * offered as a choice when the two differ (a desk in the small hours).
 */
async function hotelTonight(ctx: Ctx, hotelUrn: string, date: string | undefined) {
  try {
    const arrivals = await listArrivals({ ctx, input: { hotelUrn, date } });
    const night = await readHotelNight({ ctx, input: { hotelUrn, date: arrivals.date } });
    return { ok: true as const, arrivals, night, tonight: nightOf(new Date(), arrivals.timeZone) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false as const, hotelUrn, message: err.message };
    throw err;
  }
}

/** The capacity call a hotel's e-mail links to (?call=), as this user may see it: only its hotels the call went to; or why not. */
async function capacityCall(ctx: Ctx, callUrn: string | undefined): Promise<{ call: CapacityCall } | { message: string } | null> {
  if (!callUrn) return null;
  try {
    return { call: await getCapacityCall({ ctx, input: { callUrn } }) };
  } catch (err) {
    if (err instanceof DomainError) return { message: err.status === 404 || err.status === 422 ? "This capacity call is not one for your hotels." : err.message };
    throw err;
  }
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ExtranetPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const ctx = await sessionCtx();
  const date = one(params.date);
  const [hotels, called] = await Promise.all([Promise.all((ctx.user.hotels ?? []).map((h) => hotelTonight(ctx, h, date))), capacityCall(ctx, one(params.call))]);
  const contractCurrency = (hotelUrn: string) => hotels.find((h) => h.ok && h.arrivals.hotelUrn === hotelUrn && h.night)?.night?.currency ?? null;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-xl font-semibold tracking-tight">Tonight&apos;s arrivals</h1>
      {called && "message" in called && (
        <Alert variant="destructive" data-testid="capacity-call-missing">
          <AlertDescription>{called.message}</AlertDescription>
        </Alert>
      )}
      {called && "call" in called && (
        <Card data-testid="capacity-call" data-call-urn={called.call.urn}>
          <CardHeader>
            <CardTitle className="text-base">
              The airline asks for rooms at {called.call.airport} for the night of {called.call.date}
            </CardTitle>
            <CardDescription>
              {called.call.reason}
              {called.call.roomsShort > 0 ? ` · ${called.call.roomsShort} rooms short when the call went out` : ""} · answers from your hotels so far: {called.call.answers.count} ({called.call.answers.rooms} rooms). A later answer replaces the first; the next booking wave uses it at once.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {called.call.hotels.map((h) => (
              <CallAnswerForm key={h.hotelUrn} callUrn={called.call.urn} hotelUrn={h.hotelUrn} hotelName={h.hotelName} currency={contractCurrency(h.hotelUrn)} />
            ))}
          </CardContent>
        </Card>
      )}
      {hotels.length === 0 && <p className="text-sm text-muted-foreground">Your account names no hotel yet: ask the airline to add yours.</p>}
      {hotels.map((h) =>
        h.ok ? (
          <section key={h.arrivals.hotelUrn} aria-labelledby={`hotel-${h.arrivals.hotelUrn.slice(-12)}`} className="grid gap-3" data-testid="extranet-hotel" data-hotel-urn={h.arrivals.hotelUrn}>
            <div className="grid gap-0.5">
              <h2 id={`hotel-${h.arrivals.hotelUrn.slice(-12)}`} className="text-lg font-semibold break-words">
                {h.arrivals.hotelName}
              </h2>
              <p className="text-sm text-muted-foreground" data-testid="extranet-summary">
                {h.arrivals.date} · {h.arrivals.arrivals.length} {h.arrivals.arrivals.length === 1 ? "group" : "groups"}, {h.arrivals.rooms} rooms, {h.arrivals.guests} guests · times in {h.arrivals.timeZone}
              </p>
              {(h.tonight !== h.arrivals.date || date) && (
                <p className="flex flex-wrap gap-x-3 text-sm" data-testid="extranet-night-choice">
                  {h.tonight !== h.arrivals.date && (
                    <Link href={`/extranet?date=${h.tonight}`} className="underline underline-offset-4">
                      Show the night of {h.tonight}
                    </Link>
                  )}
                  {date && (
                    <Link href="/extranet" className="underline underline-offset-4">
                      Back to the night under way
                    </Link>
                  )}
                </p>
              )}
            </div>
            {h.night && (
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Rooms and rate for the night of {h.arrivals.date}</CardTitle>
                  <CardDescription>What you can still offer on the direct contract that night. The next booking wave uses it at once.</CardDescription>
                </CardHeader>
                <CardContent>
                  <InventoryForm hotelUrn={h.arrivals.hotelUrn} date={h.arrivals.date} currency={h.night.currency} defaultRooms={h.night.rooms} defaultRate={h.night.set ? h.night.nightlyRate : null} />
                </CardContent>
              </Card>
            )}
            {h.arrivals.arrivals.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="extranet-empty">
                No group is booked to arrive tonight.
              </p>
            ) : (
              h.arrivals.arrivals.map((a) => <ArrivalCard key={a.reservationUrn} hotelUrn={h.arrivals.hotelUrn} arrival={a} />)
            )}
          </section>
        ) : (
          <Alert key={h.hotelUrn} variant="destructive">
            <AlertDescription>{h.message}</AlertDescription>
          </Alert>
        ),
      )}
    </div>
  );
}
