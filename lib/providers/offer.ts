import { z } from "zod";
import { Amenity, PaymentMethod, Provider } from "@/lib/vocabulary";

/**
 * One room offer from one source, normalised: the shape every provider adapter returns and the
 * allocation engine consumes. Prices are per room and night in `currency` (the airport's).
 */
export const Offer = z
  .object({
    provider: Provider,
    /** the provider's id for this offer; what a booking or `providerOfferId` names */
    offerId: z.string(),
    /** the provider's own hotel id (differs between providers for the same hotel) */
    providerHotelId: z.string(),
    /** provider-independent hotel id when the source resolves one (dedupe rule 1), else null */
    hotelKey: z.string().nullable(),
    /** our hotel URN (urn:svc:hotel:…), set by the search layer from the hotel registry; null in raw provider output */
    hotelUrn: z.string().nullable(),
    /** provider-independent chain id (policy excludedChains), null for independents */
    chainId: z.string().nullable(),
    name: z.string(),
    address: z.string(),
    phone: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    /** null: unrated, excluded by any minStars */
    stars: z.number().int().min(1).max(5).nullable(),
    amenities: z.array(Amenity),
    nightlyRate: z.number().positive(),
    currency: z.string().length(3),
    roomsAvailable: z.number().int().nonnegative(),
    /** rooms of roomsAvailable that are wheelchair accessible */
    accessibleRoomsAvailable: z.number().int().nonnegative(),
    acceptedPayments: z.array(PaymentMethod).min(1),
    /** can this booking be cancelled through the source (spec 4.8 cancellation support) */
    cancellable: z.boolean(),
  })
  .meta({ id: "HotelOffer" });
export type Offer = z.infer<typeof Offer>;
