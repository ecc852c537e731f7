import { and, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PATCH as reaccommodate } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { GET as listMeals } from "@/app/api/v1/cases/[caseUrn]/meal-vouchers/route";
import { CaseMealVouchers } from "@/components/meals/case-meal-vouchers";
import { auditEntries, cases, jobEvents, messages, passengers } from "@/db/schema";
import { mealVouchersOnCareAssessed, messagesOnMealIssued } from "@/inngest/functions/meal-vouchers";
import { assessCare } from "@/lib/care/assess";
import { emit } from "@/lib/events";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { issueMealVoucher } from "@/lib/meals/issue";
import { planMealVouchers } from "@/lib/meals/plan";
import { recordMealRedemption } from "@/lib/meals/redeem";
import { NO_ISSUER } from "@/lib/peers/meals/settings";
import { call } from "@/tests/helpers/api";
import { mealsTestbed } from "./helpers";

const bed = mealsTestbed();
const { database } = bed;
const faults = (body: unknown) => fetch(`${bed.sandbox().url}/__sandbox/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const audits = async (urns: string[], action: string) => (await database.db.select().from(auditEntries).where(eq(auditEntries.action, action))).filter((a) => urns.includes(a.entityUrn));

describe("meal vouchers", () => {
  it("are issued once per passenger and meal under 20 concurrent deliveries of care/assessed", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    // twenty deliveries of the event, each planning and issuing at once
    await Promise.all(Array.from({ length: 20 }, () => bed.runPlan(ctx, caseUrn)));
    const rows = await bed.vouchersOf(caseUrn);
    // two passengers, three meals each (18:05, 00:05, 06:05 before the 09:30 flight)
    expect(rows.map((r) => [r.passengerId, r.seq, r.status])).toEqual([
      ["M1", 1, "ISSUED"],
      ["M1", 2, "ISSUED"],
      ["M1", 3, "ISSUED"],
      ["M2", 1, "ISSUED"],
      ["M2", 2, "ISSUED"],
      ["M2", 3, "ISSUED"],
    ]);
    // the policy-less default: 15 in the airport's currency
    expect(rows.every((r) => r.amount === 15 && r.currency === "EUR" && r.code && r.providerRef)).toBe(true);
    expect(await bed.issuedAtSandbox(caseUrn)).toHaveLength(6);
    expect(await audits(rows.map((r) => r.urn), "issue")).toHaveLength(6);
    const issued = (await database.db.select().from(jobEvents).where(eq(jobEvents.name, "meal/issued"))).filter((e) => (e.data as { caseUrn: string }).caseUrn === caseUrn);
    expect(issued).toHaveLength(6);
  });

  it("retries 5xx, 429 (after its Retry-After), timeouts and a lost answer without a second voucher", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    await faults({ next: ["503", "429", "timeout", "lose-confirmation", "502"], retryAfterSeconds: 1, timeoutMs: 5_000 });
    // the client gives up on the hung call long before the sandbox answers it
    process.env.MEALS_TIMEOUT_MS = "500";
    try {
      await bed.runPlan(ctx, caseUrn);
    } finally {
      process.env.MEALS_TIMEOUT_MS = "5000";
    }
    // every fault was met: the queue is empty
    expect(((await (await faults({})).json()) as { next: string[] }).next).toEqual([]);
    const rows = await bed.vouchersOf(caseUrn);
    expect(rows.every((r) => r.status === "ISSUED")).toBe(true);
    // one voucher per row at the issuer, though one creation's answer was lost and retried
    const atIssuer = await bed.issuedAtSandbox(caseUrn);
    expect(atIssuer).toHaveLength(rows.length);
    expect(new Set(atIssuer.map((v) => v.key)).size).toBe(rows.length);
    expect(rows.map((r) => r.providerRef).sort()).toEqual(atIssuer.map((v) => v.id).sort());
  });

  it("stays PENDING with the error when the retries run out, and is issued on the job's next try", async () => {
    const { caseUrn, ctx } = await bed.assessedCase({ passengerGroups: [{ pnr: "MEAL02", passengers: [{ id: "R1", firstName: "R", lastName: "One", tier: "ECONOMY" }] }] });
    const plan = await planMealVouchers(ctx, caseUrn);
    await faults({ next: ["503", "503", "503", "503"] });
    await expect(issueMealVoucher(ctx, plan.due[0])).rejects.toThrow(/answered 503/);
    const [pending] = (await bed.vouchersOf(caseUrn)).filter((r) => r.urn === plan.due[0]);
    expect(pending).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(pending.lastError).toMatch(/503/);
    expect(await issueMealVoucher(ctx, plan.due[0])).toBe("ISSUED");
    expect((await bed.issuedAtSandbox(caseUrn)).filter((v) => v.key === plan.due[0])).toHaveLength(1);
  });

  it("a decline is FAILED with the issuer's reason, audited", async () => {
    const { caseUrn, ctx } = await bed.assessedCase({ passengerGroups: [{ pnr: "MEAL03", passengers: [{ id: "D1", firstName: "D", lastName: "One", tier: "ECONOMY" }] }] });
    await fetch(`${bed.sandbox().url}/__sandbox/decline`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ count: 1, reason: "merchant category not enabled" }) });
    const plan = await planMealVouchers(ctx, caseUrn);
    expect(await issueMealVoucher(ctx, plan.due[0])).toBe("FAILED");
    const [row] = (await bed.vouchersOf(caseUrn)).filter((r) => r.urn === plan.due[0]);
    expect(row).toMatchObject({ status: "FAILED", lastError: "declined: merchant category not enabled", code: null });
    expect(await audits([row.urn], "issue-failed")).toHaveLength(1);
    // a later delivery of the event leaves it FAILED, and asks the issuer nothing more
    await bed.runPlan(ctx, caseUrn);
    expect((await bed.vouchersOf(caseUrn)).find((r) => r.urn === row.urn)?.status).toBe("FAILED");
  });

  it("are cancelled at the issuer when the passengers are rebooked onto an earlier flight; a redeemed one stays", async () => {
    const { caseUrn, ctx, token } = await bed.assessedCase();
    await bed.runPlan(ctx, caseUrn);
    const before = await bed.vouchersOf(caseUrn);
    expect(before).toHaveLength(6);
    // M1's second meal was spent at the airport before the rebooking
    const spent = before.find((r) => r.passengerId === "M1" && r.seq === 2)!;
    const redeem = await fetch(`${bed.sandbox().url}/__sandbox/redeem`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: spent.providerRef }) });
    const signed = (await redeem.json()) as { body: string; signature: string };
    await recordMealRedemption(ctx, new Request("http://x/api/v1/meal-vouchers/redemptions", { method: "POST", headers: { "x-meal-signature": signed.signature }, body: signed.body }));

    // rebooked onto the 23:30 flight: the 00:05 and 06:05 meals are no longer owed
    const res = await call(reaccommodate, `/cases/${caseUrn}/reaccommodate`, { token, params: { caseUrn }, method: "PATCH", body: { nextFlight: { number: "AF1260", scheduledDeparture: "2026-11-21T23:30:00Z" } } });
    expect(res.status).toBe(200);
    await assessCare(ctx, caseUrn, "REACCOMMODATED");
    const plan = await bed.runPlan(ctx, caseUrn);
    expect(plan.cancel).toHaveLength(3);

    const after = await bed.vouchersOf(caseUrn);
    expect(after.map((r) => [r.passengerId, r.seq, r.status])).toEqual([
      ["M1", 1, "ISSUED"],
      ["M1", 2, "REDEEMED"],
      ["M1", 3, "CANCELLED"],
      ["M2", 1, "ISSUED"],
      ["M2", 2, "CANCELLED"],
      ["M2", 3, "CANCELLED"],
    ]);
    expect(after.find((r) => r.status === "CANCELLED")?.cancelReason).toMatch(/earlier flight/);
    const atIssuer = await bed.issuedAtSandbox(caseUrn);
    const cancelledRefs = after.filter((r) => r.status === "CANCELLED").map((r) => r.providerRef);
    expect(atIssuer.filter((v) => v.status === "CANCELLED").map((v) => v.id).sort()).toEqual(cancelledRefs.sort());
    expect(await audits(after.map((r) => r.urn), "cancel")).toHaveLength(3);
  });

  it("a later meal is issued when it falls due (the job sleeps until then)", async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const { caseUrn } = await bed.assessedCase({
      flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: iso(now - 3600_000), status: "CANCELLED" },
      nextFlight: { number: "AF1236", scheduledDeparture: iso(now + 10 * 3600_000) },
      passengerGroups: [{ pnr: "MEAL04", passengers: [{ id: "L1", firstName: "L", lastName: "One", tier: "ECONOMY" }] }],
    });
    const clock = manualClock(now);
    const runner = createRunner({ db: database.db, jobs: [mealVouchersOnCareAssessed], retryBaseMs: 1, clock });
    await runner.tick();
    expect((await bed.vouchersOf(caseUrn)).map((r) => [r.seq, r.status])).toEqual([
      [1, "ISSUED"],
      [2, "PENDING"],
    ]);
    // five hours on (the second meal is owed 6 h after the first): the sleeping run wakes and issues it
    clock.advance(5 * 3600_000 + 60_000);
    await runner.tick();
    expect((await bed.vouchersOf(caseUrn)).map((r) => [r.seq, r.status])).toEqual([
      [1, "ISSUED"],
      [2, "ISSUED"],
    ]);
  });

  it("an erased passenger gets nothing new", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    await database.db.update(passengers).set({ erasedAt: new Date(), firstName: null, lastName: null, email: null, phone: null }).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.passengerId, "M2")));
    await bed.runPlan(ctx, caseUrn);
    expect([...new Set((await bed.vouchersOf(caseUrn)).map((r) => r.passengerId))]).toEqual(["M1"]);
  });

  it("an erased passenger's PENDING vouchers are cancelled, not issued", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    // the vouchers are written PENDING (no issuer answers yet), then M2 is erased
    await planMealVouchers(ctx, caseUrn);
    expect((await bed.vouchersOf(caseUrn)).filter((r) => r.passengerId === "M2" && r.status === "PENDING")).toHaveLength(3);
    await database.db.update(passengers).set({ erasedAt: new Date(), firstName: null, lastName: null, email: null, phone: null }).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.passengerId, "M2")));
    const plan = await bed.runPlan(ctx, caseUrn);
    const m2 = (await bed.vouchersOf(caseUrn)).filter((r) => r.passengerId === "M2");
    expect(m2.map((r) => r.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"]);
    expect(m2.every((r) => r.cancelReason === "the passenger's personal data was erased")).toBe(true);
    expect(plan.due.some((urn) => m2.some((r) => r.urn === urn))).toBe(false);
    expect((await bed.issuedAtSandbox(caseUrn)).filter((v) => m2.some((r) => r.urn === v.key))).toHaveLength(0);
  });

  it("stay PENDING and say so when no issuer is configured", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    const url = process.env.MEALS_URL;
    delete process.env.MEALS_URL;
    try {
      await bed.runPlan(ctx, caseUrn);
    } finally {
      process.env.MEALS_URL = url;
    }
    const rows = await bed.vouchersOf(caseUrn);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "PENDING" && r.lastError === NO_ISSUER)).toBe(true);
    // the case page says so in words
    const line = renderToStaticMarkup((await CaseMealVouchers({ ctx, caseUrn }))!);
    expect(line).toContain("0 issued");
    expect(line).toContain(`${rows.length} waiting`);
    expect(line).toContain("no meal voucher issuer configured (set MEALS_URL)");
  });

  it("a DRILL case's vouchers are issued at the drills' own sandbox, never at the configured issuer", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    await database.db.update(cases).set({ mode: "DRILL" }).where(eq(cases.urn, caseUrn));
    await bed.runPlan(ctx, caseUrn);
    const rows = await bed.vouchersOf(caseUrn);
    expect(rows.every((r) => r.status === "ISSUED")).toBe(true);
    expect(await bed.issuedAtSandbox(caseUrn)).toHaveLength(0);
  });

  it("through the job runner: twenty deliveries, one voucher each, and their messages per channel in the passenger's language", async () => {
    const { tenant, caseUrn, ctx, token } = await bed.assessedCase();
    for (let i = 0; i < 19; i++) await emit(ctx, "care/assessed", { tenant, caseUrn, version: 1, trigger: "CASE_CREATED" });
    const runner = createRunner({ db: database.db, jobs: [mealVouchersOnCareAssessed, messagesOnMealIssued], retryBaseMs: 1 });
    await runner.tick();
    const rows = await bed.vouchersOf(caseUrn);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === "ISSUED")).toBe(true);
    expect(await bed.issuedAtSandbox(caseUrn)).toHaveLength(6);

    const sent = await database.db.select().from(messages).where(and(eq(messages.caseUrn, caseUrn), eq(messages.kind, "MEAL_VOUCHER")));
    // M1 and M2 each: one email and one SMS per meal voucher
    expect(sent).toHaveLength(12);
    const m1 = rows.find((r) => r.passengerId === "M1" && r.seq === 1)!;
    const toM1 = sent.filter((m) => m.relatedUrn === m1.urn);
    expect(toM1.map((m) => m.channel).sort()).toEqual(["EMAIL", "SMS"]);
    const sms = toM1.find((m) => m.channel === "SMS")!;
    expect(sms).toMatchObject({ recipient: "+33612345678", locale: "fr", status: "KEPT" });
    expect(sms.text).toContain(m1.code!);
    expect(sms.text).toContain("bon repas");
    expect(sms.text).toMatch(/15,00\s€/);
    expect(toM1.find((m) => m.channel === "EMAIL")!.subject).toContain(m1.code!);

    // the case's list: masked codes and totals
    const res = await call(listMeals, `/cases/${caseUrn}/meal-vouchers`, { token, params: { caseUrn } });
    expect(res.status).toBe(200);
    expect(res.json.totals).toEqual({ pending: 0, issued: 6, redeemed: 0, cancelled: 0, failed: 0, cost: { EUR: 90 } });
    const item = res.json.items.find((i: { urn: string }) => i.urn === m1.urn);
    expect(item).toMatchObject({ passengerId: "M1", name: "FirstM1 LastM1", seq: 1, amount: 15, currency: "EUR", status: "ISSUED" });
    expect(item.code).toMatch(new RegExp(`^•+${m1.code!.slice(-4)}$`));
    const filtered = await call(listMeals, `/cases/${caseUrn}/meal-vouchers?passengerId=M2&status=ISSUED`, { token, params: { caseUrn } });
    expect(filtered.json.items.map((i: { passengerId: string }) => i.passengerId)).toEqual(["M2", "M2", "M2"]);
    const line = renderToStaticMarkup((await CaseMealVouchers({ ctx, caseUrn }))!);
    expect(line).toContain("6 issued · 0 redeemed · 0 cancelled");
    expect(line).toContain("cost €90.00");
    expect(line).not.toContain("no meal voucher issuer");
    const bad = await call(listMeals, `/cases/${caseUrn}/meal-vouchers?status=SPENT`, { token, params: { caseUrn } });
    expect(bad.status).toBe(422);
  }, 60_000);
});
