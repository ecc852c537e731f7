// POST /api/v1/ride-vouchers/usage – the ride provider's signed usage callback (no token)
import { handle } from "@/lib/api/handler";
import { rideUsageRoute } from "@/lib/api/routes/rides";
import { recordRideUsage } from "@/lib/rides/usage";

export const dynamic = "force-dynamic";

export const POST = handle(rideUsageRoute, ({ ctx, req }) => recordRideUsage(ctx, req));
