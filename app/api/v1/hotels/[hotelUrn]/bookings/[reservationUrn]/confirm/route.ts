// POST /api/v1/hotels/{hotelUrn}/bookings/{reservationUrn}/confirm – the hotel holds a direct booking's rooms
import { handle } from "@/lib/api/handler";
import { confirmHotelBookingRoute } from "@/lib/api/routes/extranet";
import { confirmHotelBooking } from "@/lib/extranet/confirm-booking";

export const POST = handle(confirmHotelBookingRoute, ({ ctx, params }) => confirmHotelBooking({ ctx, input: params }));
