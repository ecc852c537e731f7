// POST /api/v1/hotels/{hotelUrn}/check-ins – the desk records a group's arrival or no-show
import { handle } from "@/lib/api/handler";
import { recordArrivalRoute } from "@/lib/api/routes/extranet";
import { recordArrival } from "@/lib/extranet/record-arrival";

export const POST = handle(recordArrivalRoute, ({ ctx, params, body }) => recordArrival({ ctx, input: { hotelUrn: params.hotelUrn, ...body } }));
