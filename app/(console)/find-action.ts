"use server";

import { findCases } from "@/lib/cases/find-cases";
import { findPassengers } from "@/lib/cases/find-passengers";
import { consoleAction } from "@/lib/console/action-result";

/**
 * The command palette's lookup: cases by flight or PNR and passengers by name, PNR, id, email or
 * phone, with the same verbs, permission and airport scope as any case read.
 */
export async function findAction(q: string) {
  return consoleAction(async (ctx) => {
    const [cases, passengers] = await Promise.all([findCases({ ctx, input: { q } }), findPassengers({ ctx, input: { q } })]);
    return { cases, passengers };
  });
}
