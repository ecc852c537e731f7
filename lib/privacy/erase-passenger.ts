import { and, eq } from "drizzle-orm";
import { passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { readCaseRecord } from "@/lib/cases/get";
import { loadCase } from "@/lib/cases/load";
import type { Case } from "@/lib/cases/records";
import { type Ctx, transaction } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { eraseInCase } from "./erase-in-case";
import { ErasePassengerInput } from "./inputs";

/**
 * POST /cases/{caseUrn}/passengers/{passengerId}/erase (ADMIN): erases one passenger's personal
 * data on request, with a reason. Allowed on a CLOSED case too: erasure is owed to the person and
 * changes no state of the case. Erasing an erased passenger answers the case and changes nothing.
 */
export async function erasePassenger({ ctx, input }: { ctx: Ctx; input: ErasePassengerInput }): Promise<Case> {
  requirePermission(ctx, "passenger:erase", "erase a passenger's personal data");
  const { caseUrn, passengerId, reason } = parseInput(ErasePassengerInput, input);
  return transaction(ctx, async (tx) => {
    const kase = await loadCase(tx, caseUrn, { forUpdate: true });
    const [known] = await tx.db
      .select({ id: passengers.passengerId })
      .from(passengers)
      .where(and(eq(passengers.caseUrn, kase.urn), eq(passengers.passengerId, passengerId)))
      .limit(1);
    if (!known) throw notFound(`Passenger ${passengerId} of case ${caseUrn}`);
    await eraseInCase(tx, kase, [passengerId], { action: "erase-passenger", reason });
    return readCaseRecord(tx, await loadCase(tx, caseUrn));
  });
}
