// GET /cases/{caseUrn}/bookings.csv – the console's CSV download of a case's bookings (signed-in session)
import { sessionCtx } from "@/lib/console/session-ctx";
import { bookingsCsv } from "@/lib/booking/bookings-csv";
import { caseBookings } from "@/lib/booking/case-bookings";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";

export async function GET(_req: Request, { params }: { params: Promise<{ caseUrn: string }> }) {
  const caseUrn = decodeSegment((await params).caseUrn);
  if (!isUrn(caseUrn, "case")) return new Response("Not found", { status: 404 });
  try {
    const bookings = await caseBookings({ ctx: await sessionCtx(), input: { caseUrn } });
    return new Response(bookingsCsv(bookings), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="bookings-${bookings.flightNumber.replace(/[^\w-]/g, "")}-${caseUrn.slice(-8).replace(/[^\w-]/g, "")}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (err) {
    if (err instanceof DomainError) return new Response(err.message, { status: err.status });
    throw err;
  }
}
