// PUT /api/v1/hotels/{hotelUrn}/inventory – the hotel's rooms and rate for one night of its direct contract
import { handle } from "@/lib/api/handler";
import { setHotelInventoryRoute } from "@/lib/api/routes/extranet";
import { setHotelInventory } from "@/lib/extranet/set-inventory";

export const PUT = handle(setHotelInventoryRoute, ({ ctx, params, body }) => setHotelInventory({ ctx, input: { hotelUrn: params.hotelUrn, ...body } }));
