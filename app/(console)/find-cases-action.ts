"use server";

import { findCases } from "@/lib/cases/find-cases";
import { consoleAction } from "@/lib/console/action-result";

/** The command palette's lookup: the same verb, permission and airport scope as any case read. */
export async function findCasesAction(q: string) {
  return consoleAction((ctx) => findCases({ ctx, input: { q } }));
}
