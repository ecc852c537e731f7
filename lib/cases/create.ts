import { and, eq } from "drizzle-orm";
import { cases } from "@/db/schema";
import { hasPermission } from "@/lib/auth/roles";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, DomainError, forbidden } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { emit } from "@/lib/events";
import { parseInput } from "@/lib/validation";
import { airportTimeZone, assertKnownAirports } from "./airports";
import { flagGroups } from "./flag-groups";
import { readCaseRecord } from "./get";
import { NewCase } from "./inputs";
import { loadCase } from "./load";
import { insertGroups } from "./manifest";
import type { Case } from "./records";
import { computeStay, initialStatus } from "./stay";

/**
 * POST /cases. Idempotent on (tenant, externalEventId): the insert does nothing on that unique
 * index, so of any number of concurrent identical requests exactly one creates the case and the
 * others read it (`created: false`). Passengers start AWAITING_ALLOCATION, or LOCAL_RESIDENT when
 * the next flight already leaves no overnight gap (spec 2.1). Mixed-tier groups and groups with a
 * passenger lacking a name or a tier (stored null) open review items at intake: the case is never
 * refused for them.
 */
export async function createCase({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ created: boolean; record: Case }> {
  requirePermission(ctx, "case:create", "create cases");
  const data = parseInput(NewCase, input);
  if (data.mode !== "LIVE" && !hasPermission(ctx.principal.roles, "case:drill")) {
    throw forbidden(`Only an ADMIN may create a ${data.mode} case.`);
  }
  await assertKnownAirports(ctx, [
    { path: "flight.origin", code: data.flight.origin },
    { path: "flight.destination", code: data.flight.destination },
  ]);
  requireAirport(ctx, data.flight.origin);

  const created = await transaction(ctx, async (tx) => {
    const urn = newUrn("case");
    const nextFlight = data.nextFlight ?? null;
    const [row] = await tx.db
      .insert(cases)
      .values({
        urn,
        tenant: tx.principal.tenant,
        externalEventId: data.externalEventId,
        mode: data.mode,
        airport: data.flight.origin,
        airline: data.flight.number.slice(0, 2),
        flight: data.flight,
        nextFlight,
        disruption: data.disruption ?? null,
        status: "OPEN",
        createdBy: tx.principal.sub,
        // the page names the creator from this when no users row holds the subject (a token's name claim)
        createdByName: tx.principal.name?.trim().slice(0, 200) || null,
      })
      .onConflictDoNothing({ target: [cases.tenant, cases.externalEventId] })
      .returning();
    if (!row) return null;

    const status = initialStatus(computeStay(data.flight, nextFlight, await airportTimeZone(tx, row.airport)));
    const groups = data.passengerGroups.map((g, position) => ({ groupId: g.groupId ?? g.pnr, pnr: g.pnr, position, passengers: g.passengers }));
    await insertGroups(tx, urn, groups, status);
    const passengerCount = groups.reduce((n, g) => n + g.passengers.length, 0);
    await writeAudit(tx, {
      entity: "case",
      entityUrn: urn,
      action: "create",
      airport: row.airport,
      after: {
        externalEventId: row.externalEventId,
        mode: row.mode,
        status: row.status,
        flight: row.flight,
        nextFlight: row.nextFlight,
        disruption: row.disruption,
        groups: groups.length,
        passengers: passengerCount,
      },
    });
    await flagGroups(tx, row, groups.map((g) => g.groupId));
    await emit(tx, "case/created", { tenant: tx.principal.tenant, caseUrn: urn });
    // read (and shape) before the commit: a record the API cannot answer rolls the case back
    return readCaseRecord(tx, row);
  });

  if (created) return { created: true, record: created };
  return { created: false, record: await readCaseRecord(ctx, await loadExisting(ctx, data.externalEventId)) };
}

/** The case an earlier request with this externalEventId created, as this caller may see it. */
async function loadExisting(ctx: Ctx, externalEventId: string) {
  const [existing] = await ctx.db
    .select({ urn: cases.urn })
    .from(cases)
    .where(and(eq(cases.tenant, ctx.principal.tenant), eq(cases.externalEventId, externalEventId)))
    .limit(1);
  if (!existing) throw conflict("CONFLICT", "The case with this externalEventId could not be read back; retry.");
  try {
    return await loadCase(ctx, existing.urn);
  } catch (err) {
    // a FEED client repeating another client's event id must not learn that case's contents
    if (err instanceof DomainError && err.status === 404) {
      throw conflict("CONFLICT", `externalEventId ${externalEventId} already names a case created by another client.`);
    }
    // nor may a caller of other airports learn which airport the case belongs to: same status and code, no airport named
    if (err instanceof DomainError && err.code === "OUT_OF_SCOPE") {
      throw new DomainError(403, "OUT_OF_SCOPE", `externalEventId ${externalEventId} already names a case at an airport outside your claims.`);
    }
    throw err;
  }
}
