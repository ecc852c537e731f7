import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { closePool } from "@/lib/pool";
import { updateSegments } from "@/lib/transport/update-segments";
import { apiTestDatabase } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmAndPlan, confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
afterAll(() => closePool());

describe("updateSegments: each ride its own values in one statement", () => {
  it("writes every change (text, number, JSON), leaves a ride no longer in the status asked alone, and answers the rows as they are now", async () => {
    const tenant = uniqueTenant();
    const fx = await confirmedCase(database.db, {
      token: await roleToken(tenant, "OPS_SUPERVISOR"),
      tenant,
      transport: { shuttleCapacity: 4 },
      groups: [
        { pnr: "UPD1", passengers: [pax("U1"), pax("U2")] },
        { pnr: "UPD2", passengers: [pax("U3")] },
      ],
    });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const [a, b] = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn)).orderBy(transportSegments.direction);
    await database.db.update(transportSegments).set({ status: "PLANNED", vehicle: null }).where(eq(transportSegments.urn, a.urn));
    await database.db.update(transportSegments).set({ status: "CANCELLED" }).where(eq(transportSegments.urn, b.urn));
    const ctx = { db: database.db, principal: systemPrincipal(tenant) };
    const kept = [{ passengerId: "U1", groupId: a.passengers[0].groupId, reservationUrn: a.passengers[0].reservationUrn }];

    const rows = await updateSegments(
      ctx,
      [a, b].map((s) => ({ urn: s.urn, set: { passengers: kept, passengerCount: 1, fleetRefusal: `no_vehicle: ${s.direction}` } })),
      { onlyIf: ["PLANNED"] },
    );
    expect(rows.map((r) => r.urn)).toEqual([a.urn]);
    expect(rows[0]).toMatchObject({ passengers: kept, passengerCount: 1, fleetRefusal: `no_vehicle: ${a.direction}`, status: "PLANNED" });
    const [untouched] = await database.db.select().from(transportSegments).where(eq(transportSegments.urn, b.urn));
    expect(untouched).toMatchObject({ status: "CANCELLED", passengerCount: b.passengerCount, fleetRefusal: b.fleetRefusal });

    // a null is written as SQL null; changes that set different columns are refused before anything is written
    expect(await updateSegments(ctx, [{ urn: a.urn, set: { fleetRefusal: null } }])).toMatchObject([{ urn: a.urn, fleetRefusal: null }]);
    await expect(updateSegments(ctx, [{ urn: a.urn, set: { fleetRefusal: "x" } }, { urn: b.urn, set: { passengerCount: 2 } }])).rejects.toThrow(/same columns/);
    expect(await updateSegments(ctx, [])).toEqual([]);
  });
});
