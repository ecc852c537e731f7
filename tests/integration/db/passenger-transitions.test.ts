import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { passengers } from "@/db/schema";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { DomainError } from "@/lib/errors";
import { insertCase } from "../../helpers/case-rows";
import { testDatabase } from "../../helpers/db";
import { uniqueTenant } from "../../helpers/factories";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function statuses(caseUrn: string): Promise<Record<string, string>> {
  const rows = await database.db
    .select({ id: passengers.passengerId, status: passengers.operationalStatus })
    .from(passengers)
    .where(eq(passengers.caseUrn, caseUrn));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

async function twoGroups() {
  return insertCase(database.db, {
    tenant: uniqueTenant(),
    groups: [
      { groupId: "G1", tier: "ECONOMY", passengers: 2 },
      { groupId: "G2", tier: "BUSINESS", passengers: 1 },
    ],
  });
}

describe("movePassengers", () => {
  it("moves a group along an allowed edge and reports who moved from where", async () => {
    const c = await twoGroups();
    const moved = await movePassengers(database.db, { caseUrn: c.urn, groupIds: ["G1"], to: "ALLOCATED" });
    expect(moved).toEqual([
      { passengerId: "G1-P1", groupId: "G1", from: "AWAITING_ALLOCATION" },
      { passengerId: "G1-P2", groupId: "G1", from: "AWAITING_ALLOCATION" },
    ]);
    expect(await statuses(c.urn)).toEqual({ "G1-P1": "ALLOCATED", "G1-P2": "ALLOCATED", "G2-P1": "AWAITING_ALLOCATION" });
    // already there: nothing to do, nothing reported
    expect(await movePassengers(database.db, { caseUrn: c.urn, groupIds: ["G1"], to: "ALLOCATED" })).toEqual([]);
  });

  it("refuses an illegal move with 409 INVALID_TRANSITION naming the passenger, from and to, and changes nothing", async () => {
    const c = await twoGroups();
    await movePassengers(database.db, { caseUrn: c.urn, passengerIds: ["G1-P1"], to: "ALLOCATED" });
    // G1-P1 could be booked, G1-P2 (AWAITING_ALLOCATION) could not: the whole move is refused
    const err = await movePassengers(database.db, { caseUrn: c.urn, groupIds: ["G1"], to: "BOOKED" }).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err.status).toBe(409);
    expect(err.code).toBe("INVALID_TRANSITION");
    expect(err.message).toContain("G1-P2");
    expect(err.message).toContain("AWAITING_ALLOCATION → BOOKED");
    expect(await statuses(c.urn)).toEqual({ "G1-P1": "ALLOCATED", "G1-P2": "AWAITING_ALLOCATION", "G2-P1": "AWAITING_ALLOCATION" });
  });

  it("refuses a `from` that is no legal source of `to`", async () => {
    const c = await twoGroups();
    await expect(movePassengers(database.db, { caseUrn: c.urn, to: "CHECKED_OUT", from: ["ALLOCATED"] })).rejects.toThrow("ALLOCATED → CHECKED_OUT");
  });

  it("with skipOthers moves only the passengers in the given statuses (what reaccommodation does)", async () => {
    const c = await twoGroups();
    await movePassengers(database.db, { caseUrn: c.urn, passengerIds: ["G1-P1"], to: "ALLOCATED" });
    await movePassengers(database.db, { caseUrn: c.urn, passengerIds: ["G1-P1"], to: "BOOKED" });
    await movePassengers(database.db, { caseUrn: c.urn, passengerIds: ["G2-P1"], to: "HELD" });
    const moved = await movePassengers(database.db, {
      caseUrn: c.urn,
      to: "LOCAL_RESIDENT",
      from: ["AWAITING_ALLOCATION", "ALLOCATED", "HELD"],
      skipOthers: true,
    });
    expect(moved.map((m) => [m.passengerId, m.from])).toEqual([
      ["G1-P2", "AWAITING_ALLOCATION"],
      ["G2-P1", "HELD"],
    ]);
    expect(await statuses(c.urn)).toEqual({ "G1-P1": "BOOKED", "G1-P2": "LOCAL_RESIDENT", "G2-P1": "LOCAL_RESIDENT" });
  });

  it("lets exactly one of two concurrent moves from the same status win; the loser changes nothing", async () => {
    const c = await twoGroups();
    const results = await Promise.allSettled([
      movePassengers(database.db, { caseUrn: c.urn, groupIds: ["G1"], from: ["AWAITING_ALLOCATION"], to: "ALLOCATED" }),
      movePassengers(database.db, { caseUrn: c.urn, groupIds: ["G1"], from: ["AWAITING_ALLOCATION"], to: "HELD" }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason.code).toBe("INVALID_TRANSITION");
    const winner = results[0].status === "fulfilled" ? "ALLOCATED" : "HELD";
    const after = await statuses(c.urn);
    expect([after["G1-P1"], after["G1-P2"]]).toEqual([winner, winner]);
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const c = await twoGroups();
    await expect(
      database.db.transaction(async (tx) => {
        await movePassengers(tx, { caseUrn: c.urn, groupIds: ["G2"], to: "HELD" });
        throw new Error("caller fails later");
      }),
    ).rejects.toThrow("caller fails later");
    const [row] = await database.db
      .select({ status: passengers.operationalStatus })
      .from(passengers)
      .where(and(eq(passengers.caseUrn, c.urn), eq(passengers.passengerId, "G2-P1")));
    expect(row.status).toBe("AWAITING_ALLOCATION");
  });

  it("is backed by the database: a status outside the vocabulary is refused by the CHECK", async () => {
    const c = await twoGroups();
    await expect(
      database.db
        .update(passengers)
        .set({ operationalStatus: "SOMEWHERE" as never })
        .where(eq(passengers.caseUrn, c.urn)),
    ).rejects.toThrow();
    expect(Object.values(await statuses(c.urn))).toEqual(["AWAITING_ALLOCATION", "AWAITING_ALLOCATION", "AWAITING_ALLOCATION"]);
  });
});
