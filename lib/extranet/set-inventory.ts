import { z } from "zod";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { type HotelInventory, InventoryBody } from "./schemas";
import { writeHotelNight } from "./write-night";

const SetInventoryInput = InventoryBody.extend({ hotelUrn: z.string() });
export type SetInventoryInput = z.input<typeof SetInventoryInput>;

/**
 * PUT /hotels/{hotelUrn}/inventory: the rooms the hotel still offers one night of its direct
 * contract, and that night's rate (none: the contract's). The DIRECT source reads it at once
 * (lib/providers/direct/client.ts: a search for that check-in offers these rooms at this rate, a
 * booking takes its rooms from them; DIRECT offers are never cached), so the next wave sees it.
 * The input is parsed here (the console's action passes it raw); the night's rules and audit are
 * writeHotelNight's: a bad input or night is a 422 that changes nothing.
 */
export async function setHotelInventory({ ctx, input }: { ctx: Ctx; input: SetInventoryInput }): Promise<HotelInventory> {
  requirePermission(ctx, "hotel:extranet", "set a hotel's rooms and rate");
  const { hotelUrn, date, rooms, nightlyRate = null } = parseInput(SetInventoryInput, input);
  const hotel = await loadScopedHotel(ctx, hotelUrn);
  return transaction(ctx, (tx) => writeHotelNight(tx, hotel, { date, rooms, nightlyRate }, "set by the hotel"));
}
