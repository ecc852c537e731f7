import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as redeliverH } from "@/app/api/v1/webhooks/deliveries/[deliveryUrn]/redeliver/route";
import { GET as listDeliveriesH } from "@/app/api/v1/webhooks/deliveries/route";
import { DELETE as disableH } from "@/app/api/v1/webhooks/subscriptions/[subscriptionUrn]/route";
import { GET as listSubsH, POST as createSubH } from "@/app/api/v1/webhooks/subscriptions/route";
import { cases, jobRuns, webhookDeliveries } from "@/db/schema";
import { deliverWebhookJob } from "@/inngest/functions/webhooks";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { verifySignature } from "@/lib/webhooks/sign";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { insertCase } from "@/tests/helpers/case-rows";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { RECEIVER_SECRET, receiverForTests } from "@/tests/helpers/receiver";

const database = apiTestDatabase();
const receiver = receiverForTests();
const CASE = "urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
const RES = "urn:svc:reservation:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d11";

describe("outbound webhooks: subscriptions, signed deliveries, retries, redelivery", () => {
  const tenant = uniqueTenant();
  let admin: string;
  beforeAll(async () => {
    admin = await roleToken(tenant, "ADMIN");
  });

  const subscribe = (token: string, body: unknown) => call(createSubH, "/webhooks/subscriptions", { token, body });
  const runner = (clock = manualClock()) => {
    const db = async () => database.db;
    return { clock, runner: createRunner({ db: database.db, clock, jobs: [deliverWebhookJob(db)] }) };
  };
  const confirm = (t = tenant) =>
    emit({ db: database.db, principal: systemPrincipal(t) }, "reservation/confirmed", { tenant: t, caseUrn: CASE, reservationUrn: RES });

  it("a subscription's secret is answered once; events it names arrive signed with it; others and other tenants' do not", async () => {
    const created = await subscribe(admin, { url: receiver.get().url, events: ["reservation.confirmed", "review.created"], description: "ops bridge" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/v1/webhooks/subscriptions/${created.json.urn}`);
    const secret: string = created.json.secret;
    expect(secret).toMatch(/^whsec_/);
    const listed = await call(listSubsH, "/webhooks/subscriptions", { token: admin });
    expect(listed.json.items.map((s: { urn: string }) => s.urn)).toEqual([created.json.urn]);
    expect(listed.text).not.toContain(secret);

    const { runner: r, clock } = runner();
    const before = receiver.get().received.length;
    await confirm();
    await emit({ db: database.db, principal: systemPrincipal(tenant) }, "reservation/cancelled", { tenant, caseUrn: CASE, reservationUrn: RES, reason: "x" });
    await confirm(uniqueTenant()); // another tenant's event: not this subscription's business
    await r.tick();
    const calls = receiver.get().received.slice(before);
    expect(calls).toHaveLength(1);
    const [got] = calls;
    expect(got.event).toBe("reservation.confirmed");
    expect(got.json).toMatchObject({ type: "reservation.confirmed", tenant, data: { caseUrn: CASE, reservationUrn: RES } });
    expect(verifySignature(secret, { signature: got.signature, timestamp: got.timestamp }, got.body)).toEqual({ ok: true });
    expect(verifySignature("another-secret-entirely", { signature: got.signature, timestamp: got.timestamp }, got.body).ok).toBe(false);
    expect(verifySignature(secret, { signature: got.signature, timestamp: got.timestamp }, got.body.replace(CASE, "tampered")).ok).toBe(false);
    void clock;
  });

  it("retries with backoff on 5xx, gives up after the last attempt, and an ADMIN redelivers with the same id", async () => {
    const t = uniqueTenant();
    const token = await roleToken(t, "ADMIN");
    const sub = await subscribe(token, { url: receiver.get().url, events: ["reservation.confirmed"], secret: RECEIVER_SECRET });
    const { runner: r, clock } = runner();
    const mine = () => receiver.get().received.filter((c) => (c.json as { tenant?: string })?.tenant === t);
    receiver.get().failNext(8, 503);
    await confirm(t);
    await r.tick();
    const [first] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t));
    expect(first).toMatchObject({ status: "PENDING", attempts: 1, lastStatusCode: 503, channel: "SUBSCRIPTION", subscriptionUrn: sub.json.urn });
    for (const wait of [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000]) {
      clock.advance(wait);
      await r.tick();
    }
    const [failed] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t));
    expect(failed).toMatchObject({ status: "FAILED", attempts: 8, lastStatusCode: 503, nextRetryAt: null });
    expect(mine()).toHaveLength(8);

    // PENDING deliveries are the job's; a FAILED one may be redelivered, by an ADMIN only
    expect((await call(redeliverH, `/webhooks/deliveries/${failed.urn}/redeliver`, { token: await roleToken(t, "OPS_SUPERVISOR"), params: { deliveryUrn: failed.urn }, method: "POST" })).status).toBe(403);
    expect((await call(redeliverH, `/webhooks/deliveries/${failed.urn}/redeliver`, { token: await roleToken(uniqueTenant(), "ADMIN"), params: { deliveryUrn: failed.urn }, method: "POST" })).status).toBe(404);
    const again = await call(redeliverH, `/webhooks/deliveries/${failed.urn}/redeliver`, { token, params: { deliveryUrn: failed.urn }, body: { reason: "receiver fixed" } });
    expect(again.status).toBe(200);
    expect(again.json.status).toBe("PENDING");
    expect((await call(redeliverH, `/webhooks/deliveries/${failed.urn}/redeliver`, { token, params: { deliveryUrn: failed.urn }, method: "POST" })).status).toBe(409);
    await r.tick();
    const [delivered] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t));
    expect(delivered).toMatchObject({ status: "DELIVERED", attempts: 9, lastStatusCode: 204 });
    const calls = mine();
    expect(calls).toHaveLength(9);
    expect(new Set(calls.map((c) => (c.json as { id: string }).id))).toEqual(new Set([failed.urn]));
    expect(calls.map((c) => c.verified)).toEqual(Array(9).fill(true));

    const log = await call(listDeliveriesH, "/webhooks/deliveries", { token, query: { status: "delivered" } });
    expect(log.status).toBe(200);
    expect(log.json.items.map((d: { urn: string }) => d.urn)).toEqual([failed.urn]);
  });

  it("a disabled subscription gets nothing more; a redelivered internal event queues nothing twice", async () => {
    const t = uniqueTenant();
    const token = await roleToken(t, "ADMIN");
    const sub = await subscribe(token, { url: receiver.get().url, events: ["reservation.confirmed"] });
    const { runner: r } = runner();
    await confirm(t);
    await r.tick();
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t))).toHaveLength(1);
    const off = await call(disableH, `/webhooks/subscriptions/${sub.json.urn}`, { token, params: { subscriptionUrn: sub.json.urn }, method: "DELETE" });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ status: "DISABLED" });
    expect(off.json.disabledAt).not.toBeNull();
    expect((await call(disableH, `/webhooks/subscriptions/${sub.json.urn}`, { token, params: { subscriptionUrn: sub.json.urn }, method: "DELETE" })).json.status).toBe("DISABLED");
    await confirm(t);
    await r.tick();
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t))).toHaveLength(1);
  });

  it("case.accommodated and demand.partial carry the booking's outcome to the subscriber", async () => {
    const t = uniqueTenant();
    const token = await roleToken(t, "ADMIN");
    await subscribe(token, { url: receiver.get().url, events: ["case.accommodated", "demand.partial"], secret: RECEIVER_SECRET });
    const { runner: r } = runner();
    const ctx = { db: database.db, principal: systemPrincipal(t) };
    const DEMAND = "urn:svc:demand:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d12";
    await emit(ctx, "demand/partial", { tenant: t, caseUrn: CASE, demandUrn: DEMAND, bookedGroups: ["G1"], unbookedGroups: ["G2", "G3"] });
    await emit(ctx, "case/accommodated", { tenant: t, caseUrn: CASE });
    await r.tick();
    const got = receiver.get().received.filter((c) => (c.json as { tenant?: string })?.tenant === t);
    expect(got.map((c) => [c.event, (c.json as { data: unknown }).data, c.verified])).toEqual(
      expect.arrayContaining([
        ["demand.partial", { caseUrn: CASE, demandUrn: DEMAND, bookedGroups: ["G1"], unbookedGroups: ["G2", "G3"] }, true],
        ["case.accommodated", { caseUrn: CASE }, true],
      ]),
    );
    expect(got).toHaveLength(2);
  });

  it("an ADMIN scoped to LHR lists and redelivers only LHR's deliveries: not CDG's, not one of no airport", async () => {
    const t = uniqueTenant();
    const row = (airport: string | null) => ({
      urn: newUrn("delivery"),
      tenant: t,
      channel: "ALERTING" as const,
      key: `scope:${airport}`,
      eventType: "sla.breach",
      airport,
      payload: {},
      status: "DELIVERED" as const,
    });
    const [cdg, lhr, global] = [row("CDG"), row("LHR"), row(null)];
    await database.db.insert(webhookDeliveries).values([cdg, lhr, global]);
    const lhrAdmin = await roleToken(t, "ADMIN", ["LHR"]);
    const listed = await call(listDeliveriesH, "/webhooks/deliveries", { token: lhrAdmin });
    expect(listed.json.items.map((d: { urn: string }) => d.urn)).toEqual([lhr.urn]);
    for (const d of [cdg, global]) {
      const refused = await call(redeliverH, `/webhooks/deliveries/${d.urn}/redeliver`, { token: lhrAdmin, params: { deliveryUrn: d.urn }, method: "POST" });
      expect([refused.status, refused.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
      expect((await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.urn, d.urn)))[0].status).toBe("DELIVERED");
    }
    expect((await call(redeliverH, `/webhooks/deliveries/${lhr.urn}/redeliver`, { token: lhrAdmin, params: { deliveryUrn: lhr.urn }, method: "POST" })).status).toBe(200);
    const everywhere = await roleToken(t, "ADMIN");
    expect((await call(listDeliveriesH, "/webhooks/deliveries", { token: everywhere })).json.items).toHaveLength(3);
  });

  it("a subscription keeps its creator's airports and receives only their cases' events; deliveries carry the case's airport", async () => {
    const t = uniqueTenant();
    const lhrAdmin = await roleToken(t, "ADMIN", ["LHR"]);
    const allAdmin = await roleToken(t, "ADMIN");
    const lhrSub = await subscribe(lhrAdmin, { url: receiver.get().url, events: ["case.accommodated"], secret: RECEIVER_SECRET });
    const allSub = await subscribe(allAdmin, { url: receiver.get().url, events: ["case.accommodated"], secret: RECEIVER_SECRET });
    const cdgSub = await subscribe(await roleToken(t, "ADMIN", ["ORY", "CDG"]), { url: receiver.get().url, events: ["case.accommodated"], secret: RECEIVER_SECRET });
    expect([lhrSub.json.airports, allSub.json.airports, cdgSub.json.airports]).toEqual([["LHR"], ["*"], ["CDG", "ORY"]]);
    const cdgCase = await insertCase(database.db, { tenant: t, airport: "CDG" });
    const lhrCase = await insertCase(database.db, { tenant: t, airport: "LHR" });
    const { runner: r } = runner();
    const ctx = { db: database.db, principal: systemPrincipal(t) };
    await emit(ctx, "case/accommodated", { tenant: t, caseUrn: cdgCase.urn });
    await emit(ctx, "case/accommodated", { tenant: t, caseUrn: lhrCase.urn });
    await r.tick();
    const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t));
    const got = rows.map((d) => [d.subscriptionUrn, d.airport, (d.payload as { data: { caseUrn: string } }).data.caseUrn]);
    expect(got).toHaveLength(4);
    expect(got).toEqual(
      expect.arrayContaining([
        [lhrSub.json.urn, "LHR", lhrCase.urn],
        [allSub.json.urn, "LHR", lhrCase.urn],
        [allSub.json.urn, "CDG", cdgCase.urn],
        [cdgSub.json.urn, "CDG", cdgCase.urn],
      ]),
    );

    // the LHR ADMIN sees the LHR subscription's delivery, not the one of every airport's (it shows that subscription's URL)
    const lhrLog = await call(listDeliveriesH, "/webhooks/deliveries", { token: lhrAdmin });
    expect(lhrLog.json.items.map((d: { subscriptionUrn: string }) => d.subscriptionUrn)).toEqual([lhrSub.json.urn]);
    const allSubLhr = rows.find((d) => d.subscriptionUrn === allSub.json.urn && d.airport === "LHR")!;
    await database.db.update(webhookDeliveries).set({ status: "FAILED" }).where(eq(webhookDeliveries.urn, allSubLhr.urn));
    const refused = await call(redeliverH, `/webhooks/deliveries/${allSubLhr.urn}/redeliver`, { token: lhrAdmin, params: { deliveryUrn: allSubLhr.urn }, method: "POST" });
    expect([refused.status, refused.json.code]).toEqual([403, "OUT_OF_SCOPE"]);

    // the LHR ADMIN sees and manages only the LHR subscription
    const listed = await call(listSubsH, "/webhooks/subscriptions", { token: lhrAdmin });
    expect(listed.json.items.map((x: { urn: string }) => x.urn)).toEqual([lhrSub.json.urn]);
    for (const sub of [allSub, cdgSub]) {
      const refused = await call(disableH, `/webhooks/subscriptions/${sub.json.urn}`, { token: lhrAdmin, params: { subscriptionUrn: sub.json.urn }, method: "DELETE" });
      expect([refused.status, refused.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
    }
    expect((await call(listSubsH, "/webhooks/subscriptions", { token: allAdmin })).json.items.map((x: { status: string }) => x.status)).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
    expect((await call(disableH, `/webhooks/subscriptions/${lhrSub.json.urn}`, { token: lhrAdmin, params: { subscriptionUrn: lhrSub.json.urn }, method: "DELETE" })).status).toBe(200);
  });

  it("events about a drill case reach no subscriber", async () => {
    const t = uniqueTenant();
    const token = await roleToken(t, "ADMIN");
    await subscribe(token, { url: receiver.get().url, events: ["case.accommodated"], secret: RECEIVER_SECRET });
    const drill = await insertCase(database.db, { tenant: t });
    await database.db.update(cases).set({ mode: "DRILL" }).where(eq(cases.urn, drill.urn));
    const { runner: r } = runner();
    await emit({ db: database.db, principal: systemPrincipal(t) }, "case/accommodated", { tenant: t, caseUrn: drill.urn });
    await r.tick();
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t))).toHaveLength(0);
  });

  it("only an ADMIN manages subscriptions; bad input is a 422 that creates nothing", async () => {
    const t = uniqueTenant();
    for (const role of ["OPS_SUPERVISOR", "AIRPORT_OPERATOR", "FEED"] as const) {
      const token = await roleToken(t, role);
      expect((await subscribe(token, { url: receiver.get().url, events: ["review.created"] })).status).toBe(403);
      expect((await call(listSubsH, "/webhooks/subscriptions", { token })).status).toBe(403);
      expect((await call(listDeliveriesH, "/webhooks/deliveries", { token })).status).toBe(403);
    }
    const token = await roleToken(t, "ADMIN");
    for (const body of [
      { url: "not a url", events: ["review.created"] },
      { url: receiver.get().url, events: [] },
      { url: receiver.get().url, events: ["case.exploded"] },
      { url: receiver.get().url, events: ["review.created", "review.created"] },
      { url: receiver.get().url, events: ["review.created"], secret: "short" },
    ]) {
      expect((await subscribe(token, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(listSubsH, "/webhooks/subscriptions", { token })).json.items).toHaveLength(0);
    const otherSub = await subscribe(await roleToken(uniqueTenant(), "ADMIN"), { url: receiver.get().url, events: ["review.created"] });
    expect((await call(disableH, `/webhooks/subscriptions/${otherSub.json.urn}`, { token, params: { subscriptionUrn: otherSub.json.urn }, method: "DELETE" })).status).toBe(404);
  });

  it("a fact's deliveries are queued in the transaction that publishes it: rolled back with it, and no fan-out run per fact", async () => {
    const t = uniqueTenant();
    const token = await roleToken(t, "ADMIN");
    expect((await subscribe(token, { url: receiver.get().url, events: ["reservation.confirmed"] })).status).toBe(201);
    const ctx = { db: database.db, principal: systemPrincipal(t) };
    const deliveriesOf = async () => (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t))).length;
    await expect(
      transaction(ctx, async (tx) => {
        await emit(tx, "reservation/confirmed", { tenant: t, caseUrn: CASE, reservationUrn: RES });
        // the delivery is there, inside the publisher's transaction, before any job ran
        expect((await tx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, t))).length).toBe(1);
        throw new Error("the booking failed after all");
      }),
    ).rejects.toThrow("the booking failed after all");
    expect(await deliveriesOf()).toBe(0);
    await transaction(ctx, (tx) => emit(tx, "reservation/confirmed", { tenant: t, caseUrn: CASE, reservationUrn: RES }));
    expect(await deliveriesOf()).toBe(1);
    const fanOutRuns = await database.db.select().from(jobRuns).where(like(jobRuns.functionId, "webhook-fan-out%"));
    expect(fanOutRuns).toEqual([]);
  });
});
