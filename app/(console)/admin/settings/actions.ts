"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { updateSettings } from "@/lib/tenants";
import type { SettingsPatch } from "@/lib/tenants/settings";

export async function updateSettingsAction(input: SettingsPatch) {
  return consoleAction(async (ctx) => {
    const settings = await updateSettings({ ctx, input });
    revalidatePath("/admin/settings");
    return settings;
  });
}
