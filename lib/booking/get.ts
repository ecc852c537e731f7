import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { loadReservation, recordsOf } from "./load";
import type { Reservation } from "./schemas";

/** GET /booking/reservations/{reservationUrn} */
export async function getReservation({ ctx, input }: { ctx: Ctx; input: { reservationUrn: string } }): Promise<Reservation> {
  requirePermission(ctx, "case:read", "read a reservation");
  const { row, caseRow } = await loadReservation(ctx, input.reservationUrn);
  const [record] = await recordsOf(ctx, [{ row, airport: caseRow.airport }]);
  return record;
}
