import { eq } from "drizzle-orm";
import { passengerGroups, passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { latestApprovedDemand, roomsHeldForLater } from "@/lib/records/held-rooms";
import { invalid } from "@/lib/errors";
import { emit } from "@/lib/events";
import { airportTimeZone } from "./airports";
import { readSheet } from "./bulk/read-sheet";
import { groupsOfRows, validateRows } from "./bulk/validate-rows";
import { flagGroups } from "./flag-groups";
import { readCaseRecord } from "./get";
import { assertOpen, loadCase, loadOpenCase, touchCase } from "./load";
import { insertGroups, insertPassengers, nextGroupId, type NewGroup, type NewPassengerRow, refreshGroups } from "./manifest";
import type { Case } from "./records";
import { computeStay, initialStatus } from "./stay";

export type BulkResult = { added: number; groupsCreated: number; groupsUpdated: number; case: Case };

/**
 * POST /cases/{caseUrn}/passengers:bulk: one passenger per row, grouped by PNR. A PNR joins the
 * case's unbooked group with that id (or, failing that, the first unbooked group with that PNR);
 * otherwise it starts a new group, named by the PNR or, if that id is taken by a booked group,
 * `<PNR>-2`…. All or nothing: one invalid row rejects the file. When the case's approvals hold
 * rooms no group waited for (lib/records/held-rooms.ts), the new and joined groups are allocated
 * into them at once (`allocation/requested`); otherwise they wait for a demand as before.
 */
export async function addPassengersFromFile({ ctx, input }: { ctx: Ctx; input: { caseUrn: string; file: FormDataEntryValue | null } }): Promise<BulkResult> {
  requirePermission(ctx, "case:passengers", "add passengers");
  // who may touch the case is answered before the file is read
  assertOpen(await loadCase(ctx, input.caseUrn));
  if (!(input.file instanceof File)) {
    throw invalid("The form needs a `file` field with the spreadsheet.", [{ path: "file", message: "required: an .xlsx or .csv file" }]);
  }
  // the name is the client's to choose and lands in the audit's JSON, where PostgreSQL refuses a NUL
  const fileName = input.file.name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255);
  const sheet = await readSheet(input.file);

  return transaction(ctx, async (tx) => {
    const row = await loadOpenCase(tx, input.caseUrn);
    const existing = await tx.db
      .select({ id: passengers.passengerId, position: passengers.position })
      .from(passengers)
      .where(eq(passengers.caseUrn, row.urn));
    const rows = validateRows(sheet, new Set(existing.map((p) => p.id)));
    const groups = await tx.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, row.urn));

    const taken = new Set(groups.map((g) => g.groupId));
    const unbooked = groups.filter((g) => !g.reservationUrn).sort((a, b) => a.position - b.position);
    let groupPosition = groups.reduce((m, g) => Math.max(m, g.position), -1) + 1;
    let paxPosition = existing.reduce((m, p) => Math.max(m, p.position), -1) + 1;

    const created: NewGroup[] = [];
    const joined: NewPassengerRow[] = [];
    const updated = new Set<string>();
    for (const { pnr, passengers: members } of groupsOfRows(rows)) {
      const target = unbooked.find((g) => g.groupId === pnr) ?? unbooked.find((g) => g.pnr === pnr);
      if (target) {
        updated.add(target.groupId);
        for (const passenger of members) joined.push({ groupId: target.groupId, position: paxPosition++, passenger });
        continue;
      }
      const groupId = taken.has(pnr) ? nextGroupId(pnr, taken) : (taken.add(pnr), pnr);
      created.push({ groupId, pnr, position: groupPosition++, passengers: members });
    }

    // rooms approved earlier that no group waited for: the groups of this file go there first
    const held = await roomsHeldForLater(tx, row.urn);
    const timeZone = await airportTimeZone(tx, row.airport);
    const status = initialStatus(computeStay(row.flight, row.nextFlight ?? null, timeZone));
    await insertPassengers(tx, row.urn, joined, status);
    await insertGroups(tx, row.urn, created, status, paxPosition);
    await refreshGroups(tx, row.urn, [...updated]);
    await writeAudit(tx, {
      entity: "case",
      entityUrn: row.urn,
      action: "passengers-bulk",
      airport: row.airport,
      after: {
        file: fileName,
        added: rows.length,
        groupsCreated: created.map((g) => g.groupId),
        groupsUpdated: [...updated],
        passengerIds: rows.map((r) => r.passenger.id),
      },
    });
    const changed = [...created.map((g) => g.groupId), ...updated];
    await flagGroups(tx, row, changed);
    if (held > 0 && changed.length) {
      await emit(tx, "allocation/requested", {
        tenant: row.tenant,
        caseUrn: row.urn,
        demandUrn: await latestApprovedDemand(tx, { caseUrn: row.urn, tenant: row.tenant }),
        reason: `passengers added: placed into the ${held} room(s) held for passengers added later`,
        groupIds: changed,
      });
    }
    await emit(tx, "case/passengers-added", { tenant: row.tenant, caseUrn: row.urn, passengerIds: rows.map((r) => r.passenger.id) });
    await touchCase(tx, row.urn);
    const record = await readCaseRecord(tx, await loadCase(tx, row.urn));
    return { added: rows.length, groupsCreated: created.length, groupsUpdated: updated.size, case: record };
  });
}
