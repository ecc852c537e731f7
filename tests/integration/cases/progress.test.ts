import { describe, expect, it } from "vitest";
import { allocationWaves, jobRuns, reservations } from "@/db/schema";
import { caseProgress } from "@/lib/read-models/case-progress";
import { newId, newUrn } from "@/lib/ids";
import { apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";
import { eq } from "drizzle-orm";

const database = apiTestDatabase({ airports: true });

const byKey = (p: Awaited<ReturnType<typeof caseProgress>>) => Object.fromEntries(p.steps.map((s) => [s.key, s]));

describe("caseProgress", () => {
  it("a new case: nothing started, nothing in progress", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"), casePayload());
    const p = await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn: c.urn } });
    expect(p.current).toBeNull();
    expect(p.steps.map((s) => s.state)).toEqual(["waiting", "waiting", "waiting", "waiting", "waiting", "waiting"]);
  });

  it("names a failed allocation run with its error", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"), casePayload());
    const eventId = newId();
    await database.db.insert(jobRuns).values({
      id: newId(),
      functionId: "allocate-on-approval",
      eventId,
      eventName: "demand/approved",
      event: { id: eventId, name: "demand/approved", data: { tenant, caseUrn: c.urn, demandUrn: "urn:svc:demand:x" } },
      tenant,
      status: "FAILED",
      attempt: 5,
      maxAttempts: 5,
      nextRunAt: new Date(),
      error: { name: "Error", message: "every hotel source timed out" },
    });
    const steps = byKey(await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn: c.urn } }));
    expect(steps.allocation).toMatchObject({ state: "failed", problems: ["every hotel source timed out"] });
    expect(steps.allocation.detail).toMatch(/failed after 5 attempts/);
  });

  it("counts bookings against the groups placed and marks the next step in progress", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const fx = await confirmedReservation(database.db, { token, tenant });
    const ctx = ctxFor(database.db, principal({ tenant }));
    let p = await caseProgress({ ctx, input: { caseUrn: fx.caseUrn } });
    let steps = byKey(p);
    expect(steps.wave).toMatchObject({ state: "done", detail: "1 group placed" });
    expect(steps.booking).toMatchObject({ state: "done", detail: "1 of 1 booked" });
    expect(steps.vouchers).toMatchObject({ state: "active", detail: "0 of 1 issued" });
    expect(p.current).toBe("vouchers");

    // the same reservation failed: booking is where it stopped, and why is named
    await database.db
      .update(reservations)
      .set({ status: "FAILED", attempts: [{ hotelUrn: fx.hotelUrn, provider: "HOTELBEDS", attempt: 1, at: new Date().toISOString(), outcome: "STOP", reason: "hotel-full", providerError: "no rooms left" }] })
      .where(eq(reservations.urn, fx.reservationUrn));
    p = await caseProgress({ ctx, input: { caseUrn: fx.caseUrn, waveUrn: fx.waveUrn } });
    steps = byKey(p);
    expect(steps.booking.state).toBe("failed");
    expect(steps.booking.detail).toBe("0 of 1 booked, 1 failed");
    expect(steps.booking.problems[0]).toMatch(/hotel-full.*no rooms left/);
    expect(p.current).toBe("booking");
  });

  it("a held line stays only while its group waits: not once the group is housed, nor after it was split away", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const fx = await confirmedReservation(database.db, { token, tenant });
    const ctx = ctxFor(database.db, principal({ tenant }));
    const heldAs = (groupId: string, pnr: string) => ({ groupId, pnr, tier: "ECONOMY", rooms: 1, cause: "CAPACITY", constraint: null, detail: "no room left nearby", suggestions: [], reviewUrn: null });
    // an earlier wave held this group (now housed) and a group the case no longer has (split since)
    const [wave] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.urn, fx.waveUrn));
    await database.db.insert(allocationWaves).values({ ...wave, urn: newUrn("wave"), createdAt: new Date(wave.createdAt.getTime() - 60_000), allocations: [], held: [heldAs(fx.groupId, "VCHR01"), heldAs("grp-split-away", "GONE01")] });
    let steps = byKey(await caseProgress({ ctx, input: { caseUrn: fx.caseUrn } }));
    expect(steps.wave).toMatchObject({ state: "done", detail: "1 group placed", problems: [] });

    // the stay cancelled and no wave placing the group any more: its held line is a problem again, once
    await database.db.update(reservations).set({ status: "CANCELLED" }).where(eq(reservations.urn, fx.reservationUrn));
    await database.db.update(allocationWaves).set({ allocations: [] }).where(eq(allocationWaves.urn, fx.waveUrn));
    steps = byKey(await caseProgress({ ctx, input: { caseUrn: fx.caseUrn } }));
    expect(steps.wave.state).toBe("failed");
    expect(steps.wave.problems).toEqual(["PNR VCHR01 held: capacity (no room left nearby)"]);
  });

  it("keeps another airport's case out of reach", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"), casePayload());
    const lhr = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] }));
    await expect(caseProgress({ ctx: lhr, input: { caseUrn: c.urn } })).rejects.toMatchObject({ status: 403 });
  });
});
