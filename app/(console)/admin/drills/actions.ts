"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { launchDrill } from "@/lib/drills";

export async function launchDrillAction(input: unknown) {
  return consoleAction(async (ctx) => {
    const launched = await launchDrill({ ctx, input });
    revalidatePath("/admin/drills");
    return launched;
  });
}
