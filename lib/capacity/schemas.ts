import { z } from "zod";
import { MAX_ROOMS, NightlyRate } from "@/lib/extranet/schemas";
import { Reason, Urn } from "@/lib/primitives";

export const CapacityCallBody = z.object({ reason: Reason }).meta({ id: "CapacityCallRequest" });

export const CapacityAnswerBody = z
  .object({
    hotelUrn: Urn("hotel"),
    rooms: z.number().int().min(0).max(MAX_ROOMS).meta({ description: "rooms the hotel offers tonight (0: none after all)" }),
    nightlyRate: NightlyRate.nullable().optional().meta({ description: "tonight's rate in the contract's currency, 0.01 or more with at most two decimals; absent or null: the contract's rate. More than ten times the contract's rate is refused as a typo" }),
  })
  .meta({ id: "CapacityCallAnswerRequest" });
export type CapacityAnswerBody = z.input<typeof CapacityAnswerBody>;

export const CapacityCallHotel = z.object({
  hotelUrn: z.string(),
  hotelName: z.string(),
  reachable: z.boolean().meta({ description: "the contract names a reservations e-mail the call was sent to; false: no e-mail, phone the hotel" }),
});

export const CapacityCall = z
  .object({
    urn: z.string(),
    airport: z.string(),
    date: z.string().meta({ description: "the airport's local date of the night asked for (YYYY-MM-DD)" }),
    reason: z.string(),
    roomsShort: z.number().int().meta({ description: "rooms the open live cases at the airport still needed for lack of rooms when the call went out" }),
    automatic: z.boolean().meta({ description: "sent by the policy threshold (capacityCall.whenShortByRooms), not by a person" }),
    createdAt: z.iso.datetime(),
    hotels: z.array(CapacityCallHotel).meta({ description: "every contracted hotel of the tenant at the airport when the call went out" }),
    answers: z
      .object({
        count: z.number().int().meta({ description: "hotels that answered (a later answer of a hotel replaces its first)" }),
        rooms: z.number().int().meta({ description: "rooms offered by the answers" }),
      })
      .meta({ description: "the answers so far" }),
  })
  .meta({ id: "CapacityCall" });
export type CapacityCall = z.infer<typeof CapacityCall>;
