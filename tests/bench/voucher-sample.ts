/**
 * What an operator meets who opens a voucher as soon as the console says a flight is booked: for
 * each flight whose demand summary has just said booked, the text voucher of a few of its CONFIRMED
 * reservations (GET /booking/reservations/{urn}/voucher/text), 20 in all over the event, each 404
 * counted. A CONFIRMED reservation's voucher must never answer 404 (issue 28).
 */
type Api = (p: string, init?: RequestInit) => Promise<Response>;

export class VoucherSample {
  fetched = 0;
  notFound = 0;
  private readonly perFlight: number;

  constructor(
    private readonly total: number,
    flights: number,
  ) {
    this.perFlight = Math.max(1, Math.ceil(total / Math.max(1, flights)));
  }

  /** `confirmed`: the flight's CONFIRMED reservations, listed right after its summary said booked */
  async take(api: Api, confirmed: { urn: string }[]): Promise<void> {
    const picked = confirmed.slice(0, Math.min(this.perFlight, this.total - this.fetched));
    this.fetched += picked.length;
    await Promise.all(
      picked.map(async (r) => {
        const res = await api(`/booking/reservations/${encodeURIComponent(r.urn)}/voucher/text`);
        await res.arrayBuffer();
        if (res.status === 404) this.notFound++;
      }),
    );
  }
}
