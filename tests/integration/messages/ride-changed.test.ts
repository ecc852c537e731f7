import { and, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as cancelHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/cancel/route";
import { POST as retimeHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/retime/route";
import { jobEvents, messages, transportSegments, vouchers } from "@/db/schema";
import { messageSubscribers } from "@/inngest/functions/messages";
import { formatLocalDateTime } from "@/lib/i18n/format";
import { createRunner } from "@/lib/jobs/runner";
import { followNextFlight } from "@/lib/transport";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { caseWithStay, configuredRides, confirm } from "../rides/helpers";

const database = apiTestDatabase({ airports: true });
sandboxFleet();
configuredRides();

// 13:00 Paris: rides by shuttle, inside the shuttle hours
const DAY = { departure: "2027-01-10T12:00:00Z", next: "2027-01-11T10:00:00Z" };

async function toldStay() {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  // the first passenger reads French and has a phone; the second reads English, email only
  const c = await caseWithStay(database.db, { token, tenant, ...DAY, language: "fr" });
  await confirm(database.db, tenant, c.caseUrn, c.reservationUrn);
  const [shuttle] = await database.db
    .select()
    .from(transportSegments)
    .where(and(eq(transportSegments.caseUrn, c.caseUrn), eq(transportSegments.direction, "AIRPORT_TO_HOTEL"), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
  expect(shuttle?.reservationUrns).toContain(c.reservationUrn);
  return { ...c, tenant, token, shuttle };
}

const changeMessages = (reservationUrn: string) => database.db.select().from(messages).where(and(like(messages.relatedUrn, `${reservationUrn}#ride-change:%`), eq(messages.kind, "RIDE_CHANGED")));
const runMessages = async () => {
  const runner = createRunner({ db: database.db, jobs: messageSubscribers, retryBaseMs: 1 });
  for (let i = 0; i < 3; i++) await runner.tick();
};

describe("a re-timed or cancelled ride reaches its passengers", () => {
  it("a re-timed pickup: one message per contact with the new local time in their language, the voucher rendered again, never twice", async () => {
    const s = await toldStay();
    const [before] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, s.reservationUrn));
    const newAt = new Date(s.shuttle.scheduledAt.getTime() + 40 * 60_000).toISOString();
    const res = await call(retimeHandler, `/transport/segments/${s.shuttle.urn}/retime`, { token: s.token, params: { segmentUrn: s.shuttle.urn }, body: { scheduledAt: newAt, reason: "coach late" } });
    expect(res.status).toBe(200);
    await runMessages();

    const sent = await changeMessages(s.reservationUrn);
    // the French passenger by email and SMS, the English one by email
    expect(sent.map((m) => `${m.channel}:${m.locale}`).sort()).toEqual(["EMAIL:en", "EMAIL:fr", "SMS:fr"]);
    const fr = formatLocalDateTime(newAt, "Europe/Paris", "fr");
    const en = formatLocalDateTime(newAt, "Europe/Paris", "en");
    const sms = sent.find((m) => m.channel === "SMS")!;
    expect(sms.text).toContain(fr);
    expect(sms.text).toContain("heure locale");
    expect(sms.text).toContain("/v/");
    expect(sent.find((m) => m.locale === "en")!.text).toContain(`now leaves ${en}`);
    expect(sent.find((m) => m.locale === "en")!.subject).toBe("Your ride to your hotel has changed");

    // the voucher behind the link shows the new pickup
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, s.reservationUrn));
    expect(after.text).not.toBe(before.text);
    expect(after.text).toContain(en.slice(-5));

    // a redelivered fact (a retried job) writes nothing more
    const [fact] = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "transport/ride.changed"), eq(jobEvents.tenant, s.tenant)));
    await database.db.insert(jobEvents).values({ id: `${fact.id}-again`, name: fact.name, data: fact.data, tenant: fact.tenant });
    await runMessages();
    expect(await changeMessages(s.reservationUrn)).toHaveLength(3);
  });

  it("a cancelled ride tells them too; a second change is a second message", async () => {
    const s = await toldStay();
    const newAt = new Date(s.shuttle.scheduledAt.getTime() + 20 * 60_000).toISOString();
    await call(retimeHandler, `/transport/segments/${s.shuttle.urn}/retime`, { token: s.token, params: { segmentUrn: s.shuttle.urn }, body: { scheduledAt: newAt, reason: "coach late" } });
    const res = await call(cancelHandler, `/transport/segments/${s.shuttle.urn}/cancel`, { token: s.token, params: { segmentUrn: s.shuttle.urn }, body: { reason: "coach broke down" } });
    expect(res.status).toBe(200);
    await runMessages();
    const sent = await changeMessages(s.reservationUrn);
    expect(sent).toHaveLength(6);
    expect(sent.filter((m) => m.locale === "en" && m.text.includes("is cancelled"))).toHaveLength(1);
    expect(sent.filter((m) => m.channel === "SMS" && m.text.includes("est annulée"))).toHaveLength(1);
  });

  it("the next flight moved: the pickup to the airport the rule re-times reaches its riders too (not only a desk's re-timing)", async () => {
    const s = await toldStay();
    const [back] = await database.db
      .select()
      .from(transportSegments)
      .where(and(eq(transportSegments.caseUrn, s.caseUrn), eq(transportSegments.direction, "HOTEL_TO_AIRPORT"), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
    expect(back?.reservationUrns).toContain(s.reservationUrn);
    const ctx = ctxFor(database.db, principal({ tenant: s.tenant, roles: ["ADMIN"] }));
    // three hours later than the manifest's next flight
    const moved = await followNextFlight(ctx, { caseUrn: s.caseUrn, overnight: true, nextDeparture: "2027-01-11T13:00:00Z" });
    expect(moved.retimed).toEqual([back.urn]);
    const [after] = await database.db.select().from(transportSegments).where(eq(transportSegments.urn, back.urn));
    expect(after.scheduledAt.getTime()).toBeGreaterThan(back.scheduledAt.getTime());
    await runMessages();

    const sent = await changeMessages(s.reservationUrn);
    expect(sent.map((m) => `${m.channel}:${m.locale}`).sort()).toEqual(["EMAIL:en", "EMAIL:fr", "SMS:fr"]);
    const en = formatLocalDateTime(after.scheduledAt.toISOString(), "Europe/Paris", "en");
    expect(sent.find((m) => m.locale === "en")!.subject).toBe("Your ride to the airport has changed");
    expect(sent.find((m) => m.locale === "en")!.text).toContain(`now leaves ${en}`);

    // the same move again changes nothing and tells nobody twice
    expect((await followNextFlight(ctx, { caseUrn: s.caseUrn, overnight: true, nextDeparture: "2027-01-11T13:00:00Z" })).retimed).toEqual([]);
    await runMessages();
    expect(await changeMessages(s.reservationUrn)).toHaveLength(3);
  });
});
