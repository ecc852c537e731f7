import { and, desc, eq, lt } from "drizzle-orm";
import type { z } from "zod";
import { cases, reservations } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { requirePermission } from "@/lib/auth/require";
import { caseListScope } from "@/lib/cases/list-scope";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { recordsOf } from "./load";
import { type Reservation, ReservationListQuery } from "./schemas";

/**
 * GET /booking/reservations: the tenant's reservations in the caller's airports (the airport of
 * their case), newest first; the URN (UUIDv7) is the order and the keyset. A FEED client lists
 * only the reservations of cases it created. Filtering on an airport outside the claims is 403.
 */
export async function listReservations({ ctx, input: raw }: { ctx: Ctx; input: z.input<typeof ReservationListQuery> }): Promise<{ items: Reservation[]; nextCursor: string | null }> {
  requirePermission(ctx, "case:read", "list reservations");
  const input = parseInput(ReservationListQuery, raw);
  const where = caseListScope(ctx, reservations.tenant, input.airport);
  if (input.status) where.push(eq(reservations.status, input.status));
  if (input.caseUrn) where.push(eq(reservations.caseUrn, input.caseUrn));
  const after = decodeCursor(input.cursor);
  if (after) where.push(lt(reservations.urn, String(after[0])));
  const rows = await ctx.db
    .select({ row: reservations, airport: cases.airport })
    .from(reservations)
    .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(and(...where))
    .orderBy(desc(reservations.urn))
    .limit(input.limit + 1);
  const page = paginate(rows, input.limit, (r) => [r.row.urn]);
  return { items: await recordsOf(ctx, page.items), nextCursor: page.nextCursor };
}
