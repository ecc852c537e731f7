import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/console/empty-state";
import { PageHeader } from "@/components/console/page-header";
import { Button } from "@/components/ui/button";
import { PrintButton } from "@/components/waves/print-button";
import { pageParam, refused } from "@/lib/console/page-params";
import { sessionCtx } from "@/lib/console/session-ctx";
import { type RoomingHotel, roomingList } from "@/lib/booking/rooming-list";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { Urn } from "@/lib/primitives";
import { BedDouble } from "lucide-react";

export const metadata: Metadata = { title: "Rooming list" };

const words = (s: string) => s.replaceAll("_", " ").toLowerCase();

/**
 * A wave's rooming lists, one per hotel (or the one `?hotel=` names), laid out to be printed and
 * handed to the front desk: the console's header and navigation do not print.
 */
export default async function RoomingPage({ params, searchParams }: { params: Promise<{ waveUrn: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  const urn = decodeSegment((await params).waveUrn);
  if (!isUrn(urn, "wave")) notFound();
  const sp = await searchParams;
  // ?hotel= as a hotel URN, as the API takes one: anything else names no list of this wave
  const hotelParam = pageParam(Urn("hotel"), sp.hotel);
  if (refused(hotelParam)) notFound();
  const hotel = hotelParam.value;
  let list;
  try {
    list = await roomingList({ ctx, input: { waveUrn: urn, hotelUrn: hotel } });
  } catch (err) {
    if (err instanceof DomainError && (err.status === 404 || err.status === 403)) notFound();
    throw err;
  }
  const waveHref = `/waves/${encodeURIComponent(list.waveUrn)}`;
  return (
    <>
      <div className="print:hidden">
        <Button asChild size="sm" variant="ghost" className="mb-2 -ml-2">
          <Link href={waveHref}>
            <ArrowLeft aria-hidden /> Back to the wave
          </Link>
        </Button>
      </div>
      <PageHeader
        title={`Rooming list · ${list.flightNumber} · ${list.airport}`}
        description={`Dates in ${list.timeZone} local time. Names as the airline's manifest gives them, family name first.`}
        actions={<span className="print:hidden"><PrintButton label={list.hotels.length > 1 ? `Print ${list.hotels.length} lists` : "Print"} /></span>}
      />
      {hotel && (
        <p className="mb-4 text-sm print:hidden">
          One hotel shown. <Link href={`${waveHref}/rooming`} className="text-primary underline">Show every hotel of the wave</Link>
        </p>
      )}
      {list.hotels.length === 0 ? (
        <EmptyState icon={BedDouble} title="No booked rooms in this wave yet" testId="rooming-empty">
          <p>A rooming list appears once booking has reserved rooms for the wave&apos;s groups. Cancelled and failed reservations are left out.</p>
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-8">
          {list.hotels.map((h) => (
            <HotelList key={`${h.hotelUrn}-${h.checkIn}`} hotel={h} flight={list.flightNumber} waveHref={waveHref} single={Boolean(hotel)} />
          ))}
        </div>
      )}
    </>
  );
}

function HotelList({ hotel: h, flight, waveHref, single }: { hotel: RoomingHotel; flight: string; waveHref: string; single: boolean }) {
  return (
    <section className="rooming-sheet grid min-w-0 grid-cols-1 gap-3 rounded-lg border bg-card p-5 print:rounded-none print:border-0 print:p-0" data-testid="rooming-hotel" aria-labelledby={`h-${h.hotelUrn}-${h.checkIn}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`h-${h.hotelUrn}-${h.checkIn}`} className="text-lg font-semibold" data-testid="rooming-hotel-name">
            {h.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {h.address}
            {h.phone && ` · ${h.phone}`}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
          <dt className="text-muted-foreground">Check-in</dt>
          <dd className="font-medium tabular-nums" data-testid="rooming-check-in">{h.checkIn}</dd>
          <dt className="text-muted-foreground">Check-out</dt>
          <dd className="font-medium tabular-nums">{h.checkOut}</dd>
          <dt className="text-muted-foreground">Rooms · guests</dt>
          <dd className="font-medium tabular-nums">
            {h.rooms} · {h.guests}
          </dd>
        </dl>
      </header>
      <p className="text-sm">
        Passengers of cancelled flight <strong>{flight}</strong>, {h.nights} night{h.nights === 1 ? "" : "s"}.
        {!single && (
          <>
            {" "}
            <Link href={`${waveHref}/rooming?hotel=${encodeURIComponent(h.hotelUrn)}`} className="text-primary underline print:hidden" data-testid="rooming-hotel-only">
              This hotel only
            </Link>
          </>
        )}
      </p>
      {/* on a phone the list scrolls in its own box (focusable, so the keyboard scrolls it too); on paper it is whole */}
      <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring print:overflow-visible" tabIndex={0}>
        <table className="w-full border-collapse text-sm" data-testid="rooming-table">
          <caption className="sr-only">Guests at {h.name}</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1.5 pr-3 font-medium">Booking (PNR)</th>
              <th scope="col" className="py-1.5 pr-3 font-medium">Guests</th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">Rooms</th>
              <th scope="col" className="py-1.5 pr-3 font-medium">Special needs</th>
              <th scope="col" className="py-1.5 font-medium">Confirmation</th>
            </tr>
          </thead>
          <tbody>
            {h.groups.map((g) => (
              <tr key={g.groupId} className="break-inside-avoid border-b align-top" data-testid="rooming-group">
                <td className="py-1.5 pr-3 font-mono">{g.pnr}</td>
                <td className="py-1.5 pr-3">
                  <ul>
                    {g.guests.map((p, i) => (
                      <li key={i} data-testid="rooming-guest">{p.name}</li>
                    ))}
                  </ul>
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{g.rooms}</td>
                <td className="py-1.5 pr-3">
                  {g.guests.flatMap((p) => p.specialNeeds.map((n) => `${p.name.split(",")[0]}: ${words(n)}`)).join("; ") || "—"}
                </td>
                <td className="py-1.5 font-mono" data-testid="rooming-confirmation">
                  {g.confirmationCode ?? (g.status === "PENDING" ? "being booked" : "—")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
