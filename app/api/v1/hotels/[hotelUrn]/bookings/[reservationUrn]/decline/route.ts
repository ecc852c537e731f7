// POST /api/v1/hotels/{hotelUrn}/bookings/{reservationUrn}/decline – the hotel cannot take the group: walked and rehoused
import { handle } from "@/lib/api/handler";
import { declineHotelBookingRoute } from "@/lib/api/routes/extranet";
import { declineHotelBooking } from "@/lib/extranet/decline-booking";

export const POST = handle(declineHotelBookingRoute, ({ ctx, params, body }) => declineHotelBooking({ ctx, input: { ...params, reason: body.reason } }));
