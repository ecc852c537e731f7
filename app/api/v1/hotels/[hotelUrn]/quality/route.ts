// GET /api/v1/hotels/{hotelUrn}/quality – the hotel's stay-quality score from the tenant's ratings
import { handle } from "@/lib/api/handler";
import { hotelQualityRoute } from "@/lib/api/routes/quality";
import { readHotelQuality } from "@/lib/quality/read";

export const GET = handle(hotelQualityRoute, ({ ctx, params }) => readHotelQuality({ ctx, input: params }));
