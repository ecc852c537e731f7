"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { createSubscription, disableSubscription, redeliver } from "@/lib/webhooks";
import type { CreateSubscriptionInput } from "@/lib/webhooks/schemas";

export async function createSubscriptionAction(input: CreateSubscriptionInput) {
  return consoleAction(async (ctx) => {
    const created = await createSubscription({ ctx, input });
    revalidatePath("/admin/webhooks");
    return created;
  });
}

export async function disableSubscriptionAction(subscriptionUrn: string) {
  return consoleAction(async (ctx) => {
    const sub = await disableSubscription({ ctx, input: { subscriptionUrn } });
    revalidatePath("/admin/webhooks");
    return sub;
  }, subscriptionUrn);
}

export async function redeliverAction(deliveryUrn: string) {
  return consoleAction(async (ctx) => {
    const d = await redeliver({ ctx, input: { deliveryUrn, reason: "redelivered from the console" } });
    revalidatePath("/admin/webhooks");
    return d;
  }, deliveryUrn);
}
