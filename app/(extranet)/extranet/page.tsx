import type { Metadata } from "next";
import { ArrivalCard } from "@/components/extranet/arrival-card";
import { InventoryForm } from "@/components/extranet/inventory-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { sessionCtx } from "@/lib/auth/session-ctx";
import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { listArrivals } from "@/lib/extranet/arrivals";
import { readHotelNight } from "@/lib/extranet/read-night";

export const metadata: Metadata = { title: "Tonight's arrivals" };

/** A hotel of the claim: tonight's arrivals and rooms, or why it cannot be shown (no contract of this airline any more). */
async function hotelTonight(ctx: Ctx, hotelUrn: string) {
  try {
    const arrivals = await listArrivals({ ctx, input: { hotelUrn } });
    const night = await readHotelNight({ ctx, input: { hotelUrn, date: arrivals.date } });
    return { ok: true as const, arrivals, night };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false as const, hotelUrn, message: err.message };
    throw err;
  }
}

export default async function ExtranetPage() {
  const ctx = await sessionCtx();
  const hotels = await Promise.all((ctx.user.hotels ?? []).map((h) => hotelTonight(ctx, h)));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-xl font-semibold tracking-tight">Tonight&apos;s arrivals</h1>
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
            </div>
            {h.night && (
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Rooms and rate tonight</CardTitle>
                  <CardDescription>What you can still offer on the direct contract tonight. The next booking wave uses it at once.</CardDescription>
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
