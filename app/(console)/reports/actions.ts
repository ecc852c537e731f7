"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { generateReport } from "@/lib/reports";

export async function generateReportAction(weekOf?: string) {
  return consoleAction(async (ctx) => {
    const report = await generateReport({ ctx, input: weekOf ? { weekOf } : {} });
    revalidatePath("/reports");
    return { urn: report.urn };
  });
}
