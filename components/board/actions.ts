"use server";

import { revalidatePath } from "next/cache";
import { callHotels } from "@/lib/capacity/call";
import { consoleAction } from "@/lib/console/action-result";

/** The board's "Call hotels for rooms": the same verb as POST /airports/{code}/capacity-calls, with the user's context. */
export async function callHotelsAction(airport: string, reason: string) {
  return consoleAction(async (ctx) => {
    const call = await callHotels({ ctx, input: { airport, reason } });
    revalidatePath("/board");
    const reachable = call.hotels.filter((h) => h.reachable).length;
    const unreachable = call.hotels.length - reachable;
    return { urn: call.urn, notice: `Called ${call.hotels.length} hotels${unreachable ? ` (${unreachable} without an e-mail: phone them)` : ""}` };
  });
}
