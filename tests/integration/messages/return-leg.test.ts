import { dayWords } from "@/lib/i18n/format";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PATCH as reaccommodateHandler } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { cases, messages, jobRuns, passengers, transportSegments } from "@/db/schema";
import { ReturnLegProps } from "@/emails/return-leg";
import { followNextFlightTransport } from "@/inngest/functions/plan-transport";
import { returnLegEmail } from "@/inngest/functions/return-leg";
import { type ManualClock, manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { listOutbox } from "@/lib/messages/outbox";
import { returnLegRelatedUrn } from "@/lib/messages/return-leg";
import { closePool } from "@/lib/pool";
import { localMoment } from "@/lib/vouchers/local-time";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { confirmAndPlan, confirmedCase } from "../transport/helpers";

const database = apiTestDatabase({ airports: true });
sandboxFleet();
afterAll(() => closePool());

const HOUR = 3_600_000;

/**
 * A case with CONFIRMED stays at one hotel and its rides planned. `future` moves its flights to
 * March 2027 (after the machine's date, so the patch's event comes before the 12-hour mark and the
 * job sleeps on the manual clock); otherwise they stay in November 2026, already inside the window.
 */
async function housedCase(future: boolean) {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "A", passengers: [pax("A1"), pax("A2")] }, { pnr: "B", passengers: [pax("B1", "BUSINESS"), pax("B2", "BUSINESS", { email: null })] }] });
  if (future) {
    await database.db
      .update(cases)
      .set({
        flight: sql`jsonb_set(${cases.flight}, '{scheduledDeparture}', '"2027-03-10T18:05:00Z"')`,
        nextFlight: { number: "AF1236", scheduledDeparture: "2027-03-11T09:30:00Z" },
      })
      .where(eq(cases.urn, fx.caseUrn));
  }
  await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
  return { tenant, token, ...fx };
}

async function patch(token: string, caseUrn: string, scheduledDeparture: string) {
  const res = await call(reaccommodateHandler, `/cases/${caseUrn}/reaccommodate`, { token, params: { caseUrn }, body: { nextFlight: { number: "AF1238", scheduledDeparture }, reason: "flight moved" } });
  expect(res.status, res.text).toBe(200);
}

const runner = (clock: ManualClock) => createRunner({ db: database.db, jobs: [followNextFlightTransport, returnLegEmail], retryBaseMs: 1, clock });
const mail = (tenant: string) => database.db.select().from(messages).where(and(eq(messages.tenant, tenant), eq(messages.kind, "RETURN_LEG"))).orderBy(messages.recipient);

async function pickupLabel(caseUrn: string, passengerId: string) {
  const rides = await database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, caseUrn), eq(transportSegments.direction, "HOTEL_TO_AIRPORT")));
  const ride = rides.find((r) => r.status !== "CANCELLED" && r.passengers.some((p) => p.passengerId === passengerId))!;
  return localMoment(ride.scheduledAt, "Europe/Paris");
}

describe("the return-leg email, 12 hours before the re-accommodated flight", () => {
  it("nothing before T−12h; then one email per passenger with an address, with the re-timed pickup; nothing sensitive", async () => {
    const fx = await housedCase(true);
    const clock = manualClock(new Date("2027-03-10T20:00:00Z"));
    await patch(fx.token, fx.caseUrn, "2027-03-11T11:30:00Z"); // T−12h = 2027-03-10T23:30Z
    await runner(clock).tick();
    expect(await mail(fx.tenant)).toEqual([]);
    clock.set(new Date("2027-03-10T23:29:00Z"));
    await runner(clock).tick();
    expect(await mail(fx.tenant)).toEqual([]);

    clock.set(new Date("2027-03-10T23:31:00Z"));
    await runner(clock).tick();
    const sent = await mail(fx.tenant);
    expect(sent.map((m) => m.recipient)).toEqual(["a1@example.com", "a2@example.com", "b1@example.com"]);
    const a1 = sent[0];
    const pickup = await pickupLabel(fx.caseUrn, "A1");
    // the ride was re-timed for 11:30Z (→ 08:00Z, 09:00 in Paris) before the email was written
    expect(pickup.time).toBe("09:00");
    expect(a1.subject).toContain(`at ${pickup.time} on ${pickup.dateLabel}`);
    expect(a1.text).toContain(`picks you up on ${pickup.dateLabel} at ${pickup.time}`);
    expect(a1.text).toContain("AF1238 leaves Thu 11 Mar 2027 at 12:30");
    expect(a1.html).toContain("Hôtel du Terminal");
    expect(a1.relatedUrn).toBe(returnLegRelatedUrn(fx.reservationUrns[0], { number: "AF1238", scheduledDeparture: "2027-03-11T11:30:00Z" }));
    for (const m of sent) expect(`${m.html}${m.text}`).not.toMatch(/A1"|B1"|PNR|@example\.com/);
    expect(Object.keys(ReturnLegProps.shape)).not.toContain("email");

    await runner(clock).tick();
    expect(await mail(fx.tenant)).toHaveLength(3);

    // the console's outbox places the mail at its reservation's airport
    const outbox = (airports: string[]) => listOutbox({ ctx: ctxFor(database.db, principal({ tenant: fx.tenant, roles: ["AIRPORT_OPERATOR"], airports })), input: { kind: "RETURN_LEG" } });
    expect((await outbox(["CDG"])).map((m) => m.airport)).toEqual(["CDG", "CDG", "CDG"]);
    expect(await outbox(["ORY"])).toEqual([]);
  });

  it("a moved flight cancels the first sleep and schedules its own; a second identical patch never sends two", async () => {
    const fx = await housedCase(true);
    const clock = manualClock(new Date("2027-03-10T20:00:00Z"));
    await patch(fx.token, fx.caseUrn, "2027-03-11T11:30:00Z");
    await runner(clock).tick();
    await patch(fx.token, fx.caseUrn, "2027-03-11T13:30:00Z"); // T−12h = 2027-03-11T01:30Z
    await runner(clock).tick();
    const runs = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "return-leg-email"), sql`${jobRuns.event}->'data'->>'caseUrn' = ${fx.caseUrn}`)).orderBy(jobRuns.createdAt);
    expect(runs.map((r) => r.status)).toEqual(["CANCELLED", "SLEEPING"]);

    clock.set(new Date("2027-03-10T23:31:00Z")); // the first flight's mark: its run is gone
    await runner(clock).tick();
    expect(await mail(fx.tenant)).toEqual([]);

    clock.set(new Date("2027-03-11T01:31:00Z"));
    await runner(clock).tick();
    const sent = await mail(fx.tenant);
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.relatedUrn!.endsWith("AF1238@2027-03-11T13:30:00.000Z"))).toBe(true);
    expect(sent[0].text).toContain("AF1238 leaves Thu 11 Mar 2027 at 14:30");

    await patch(fx.token, fx.caseUrn, "2027-03-11T13:30:00Z");
    await runner(clock).tick();
    clock.advance(HOUR);
    await runner(clock).tick();
    expect(await mail(fx.tenant)).toHaveLength(3);
  });

  it("a French passenger's return-leg email and SMS are in French, subject and body", async () => {
    const fx = await housedCase(false);
    await database.db.update(passengers).set({ language: "fr", phone: "+33 6 12 34 00 01" }).where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, "A1")));
    await patch(fx.token, fx.caseUrn, "2026-11-22T11:30:00Z");
    await runner(manualClock()).tick();
    const sent = await database.db.select().from(messages).where(and(eq(messages.tenant, fx.tenant), eq(messages.kind, "RETURN_LEG")));
    const pickup = await pickupLabel(fx.caseUrn, "A1");
    const email = sent.find((m) => m.recipient === "a1@example.com")!;
    expect(email.locale).toBe("fr");
    // the date in French too (a French message carried an English date)
    expect(email.subject).toBe(`Vol AF1238 : votre navette vers l'aéroport à ${pickup.time} le ${dayWords(pickup, "fr")}`);
    expect(email.subject).not.toContain(pickup.dateLabel);
    expect(email.html).toContain('lang="fr"');
    expect(email.html).toContain("Votre retour à l&#x27;aéroport");
    expect(email.text).toContain(`vous prend le ${dayWords(pickup, "fr")} à ${pickup.time}`);
    expect(email.text).toMatch(/Votre vol AF1238 part le .* \(heure locale, Europe\/Paris\)/);
    expect(email.text).not.toMatch(/Your flight|picks you up|Dear /);
    const sms = sent.find((m) => m.channel === "SMS" && m.recipient === "+33612340001")!;
    expect(sms.text).toContain("le vol AF1238 part");
    // the other passengers (no language) stay in English
    expect(sent.find((m) => m.recipient === "a2@example.com")!.subject).toMatch(/^Flight AF1238: your pickup to the airport at /);
  });

  it("already inside the 12 hours: sent at once, with the ride re-timed first; no overnight gap: none", async () => {
    const fx = await housedCase(false); // flights in Nov 2026: T−12h has passed on the machine's clock
    const clock = manualClock();
    await patch(fx.token, fx.caseUrn, "2026-11-22T11:30:00Z");
    await runner(clock).tick();
    const sent = await mail(fx.tenant);
    expect(sent).toHaveLength(3);
    const pickup = await pickupLabel(fx.caseUrn, "B1");
    expect(pickup.time).toBe("09:00");
    expect(sent.find((m) => m.recipient === "b1@example.com")!.text).toContain(`at ${pickup.time}`);

    const sameDay = await housedCase(false);
    await patch(sameDay.token, sameDay.caseUrn, "2026-11-21T21:40:00Z");
    await runner(clock).tick();
    expect(await mail(sameDay.tenant)).toEqual([]);
  });
});
