import type { Offer } from "./offer";
import type { PaymentMethod, Provider } from "@/lib/vocabulary";

export { CapabilityUnsupported, ProviderAuthError, ProviderError, ProviderRateLimited, ProviderRejected, ProviderUnavailable } from "./errors";

/** Dates are the hotel's local calendar dates, YYYY-MM-DD; checkOut is after checkIn. */
export type StayDates = { checkIn: string; checkOut: string };

export type SearchQuery = StayDates & {
  airport: string;
  /** the airport's coordinates: the centre of the geographic search */
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** the airport's currency: rates are answered in it */
  currency: string;
  /** rooms wanted at one hotel at least; smaller listings are still returned by most sources */
  rooms: number;
  guestsPerRoom: number;
};

export type Guest = { firstName: string; lastName: string };

export type BookRequest = StayDates & {
  /** Offer.offerId of a search of this provider */
  offerId: string;
  providerHotelId: string;
  rooms: number;
  guests: Guest[];
  /** ours, unique per booking attempt: the key to find a booking whose confirmation was lost */
  clientReference: string;
  payment: { method: PaymentMethod; cardToken?: string };
  specialRequests?: string;
};

export type BookingStatus = "CONFIRMED" | "CANCELLED";

/** A booking as the provider holds it, normalised. */
export type ProviderBooking = StayDates & {
  provider: Provider;
  /** the provider's booking id (itinerary id, Hotelbeds reference, direct booking id) */
  reference: string;
  clientReference: string;
  /** what the guest quotes at the front desk */
  confirmationCode: string;
  status: BookingStatus;
  providerHotelId: string;
  rooms: number;
  nightlyRate: number;
  totalAmount: number;
  currency: string;
  /** the special requests the provider holds for the booking, where its API returns them */
  specialRequests?: string;
  /** a CANCELLED booking the hotel gave away, where the source says why: its rooms overbooked, or the airline's guarantee refused */
  cancelledBecause?: "OVERBOOKED" | "GUARANTEE_REFUSED";
};

export type Capabilities = { cancel: boolean; modify: boolean };

export type CallOptions = { signal?: AbortSignal };

/**
 * One hotel source. Each adapter speaks its source's protocol and answers normalised shapes;
 * failures are typed errors (./errors). Retry policy belongs to the caller, except that an adapter
 * refreshes an expired token and retries that one call once.
 */
export interface HotelProvider {
  readonly id: Provider;
  readonly capabilities: Capabilities;
  search(query: SearchQuery, opts?: CallOptions): Promise<Offer[]>;
  book(request: BookRequest, opts?: CallOptions): Promise<ProviderBooking>;
  /** null when the provider holds no booking under that client reference */
  findByReference(clientReference: string, opts?: CallOptions): Promise<ProviderBooking | null>;
  /** extend or shorten the stay; rooms unchanged */
  modify(input: { reference: string } & StayDates, opts?: CallOptions): Promise<ProviderBooking>;
  cancel(input: { reference: string; reason: string }, opts?: CallOptions): Promise<ProviderBooking>;
  status(reference: string, opts?: CallOptions): Promise<ProviderBooking>;
}

/** Calendar nights between two YYYY-MM-DD dates. */
export function nightsBetween({ checkIn, checkOut }: StayDates): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}

/** The YYYY-MM-DD dates of each night of a stay. */
export function stayNights(stay: StayDates): string[] {
  const start = Date.parse(`${stay.checkIn}T00:00:00Z`);
  return Array.from({ length: Math.max(0, nightsBetween(stay)) }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
