// GET /api/v1/hotels/{hotelUrn}/arrivals?date= – a hotel's rooming list for one night (the extranet)
import { handle } from "@/lib/api/handler";
import { listArrivalsRoute } from "@/lib/api/routes/extranet";
import { listArrivals } from "@/lib/extranet/arrivals";

export const GET = handle(listArrivalsRoute, ({ ctx, params, query }) => listArrivals({ ctx, input: { hotelUrn: params.hotelUrn, date: query.date } }));
