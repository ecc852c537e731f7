import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as closeH } from "@/app/api/v1/cases/[caseUrn]/close/route";
import { POST as eraseH } from "@/app/api/v1/cases/[caseUrn]/passengers/[passengerId]/erase/route";
import { POST as reopenH } from "@/app/api/v1/cases/[caseUrn]/reopen/route";
import { GET as auditH } from "@/app/api/v1/audit/route";
import { PATCH as settingsH } from "@/app/api/v1/settings/route";
import { POST as createSubH } from "@/app/api/v1/webhooks/subscriptions/route";
import { auditEntries, cases, messages, passengers, reviewItems, vouchers, webhookDeliveries } from "@/db/schema";
import { jobs } from "@/inngest/functions";
import { erasePersonalDataJob } from "@/inngest/functions/erase-personal-data";
import { MARKER } from "@/lib/audit/redact-personal";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { sandboxProviders } from "@/tests/helpers/providers";
import { receiverForTests } from "@/tests/helpers/receiver";
import { startSmtpServer } from "@/tests/helpers/smtp";
import { approvedCase, bookingTenant } from "../booking/helpers";
import { captureLogs, findInDatabase } from "./personal-data";

const database = apiTestDatabase({ airports: true });
sandboxProviders();
sandboxFleet();
const receiver = receiverForTests();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logs = captureLogs();
const logLevel = process.env.LOG_LEVEL;
beforeAll(async () => {
  // every line the service would log in production, and more, goes through the check at the end
  process.env.LOG_LEVEL = "debug";
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  logs.restore();
  process.env.LOG_LEVEL = logLevel;
  delete process.env.SMTP_URL;
  await smtp?.stop();
  await closePool();
});

const DAY = 86_400_000;
// names no template, hotel or street of the sandboxes contains, so any hit is the passenger's
const ZEPHYRINE = { id: "ZQ-1", firstName: "Zephyrine", lastName: "D'Arcy-Quillfeather", tier: "ECONOMY", email: "zephy.quill@example.org", phone: "+33 6 12 34 56 78" };
const BARNABUS = { id: "ZQ-2", firstName: "Barnabus", lastName: "Oakenshield", tier: "ECONOMY", email: "Barnabus.Oak@example.org", phone: "+44 7700 900123" };
const XIMENA = { id: "ZQ-3", firstName: "Ximenaluz", lastName: null, tier: "BUSINESS", email: "ximenaluz@example.net" };
const strings = (p: Record<string, unknown>) => ["firstName", "lastName", "email", "phone"].map((f) => p[f]).filter((v): v is string => typeof v === "string");
const ZEPHYRINE_S = [...strings(ZEPHYRINE), "D&#x27;Arcy-Quillfeather", "Quillfeather"];
const OTHERS_S = [...strings(BARNABUS), ...strings(XIMENA)];
const ALL_S = [...ZEPHYRINE_S, ...OTHERS_S];

describe("personal data: erased on request and after retention, nowhere left", () => {
  let tenant: string;
  let admin: string;
  let supervisor: string;
  let caseUrn: string;

  it("a case runs through allocation, booking, vouchers, emails, a webhook and a DATA_INCOMPLETE item", async () => {
    ({ tenant, token: supervisor } = await bookingTenant(database.db));
    admin = await roleToken(tenant, "ADMIN");
    const sub = await call(createSubH, "/webhooks/subscriptions", { token: admin, body: { url: receiver.get().url, events: ["reservation.confirmed", "review.created", "case.accommodated"] } });
    expect(sub.status).toBe(201);
    ({ caseUrn } = await approvedCase(supervisor, casePayload({ passengerGroups: [{ pnr: "ZQ1", passengers: [ZEPHYRINE, BARNABUS] }, { pnr: "ZQ2", passengers: [XIMENA] }] })));
    const runner = createRunner({ db: database.db, jobs, retryBaseMs: 1 });
    for (let i = 0; i < 8; i++) await runner.tick();

    const sent = await database.db.select().from(messages).where(eq(messages.tenant, tenant));
    expect(sent.filter((m) => m.status === "SENT").map((m) => m.recipient).sort()).toEqual(["barnabus.oak@example.org", "ximenaluz@example.net", "zephy.quill@example.org"]);
    expect(await database.db.select().from(vouchers)).not.toHaveLength(0);
    expect((await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, tenant))).length).toBeGreaterThan(0);
    const items = await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));
    expect(items.map((i) => i.category)).toContain("DATA_INCOMPLETE");
    // the search finds what is there: the names are in the passengers, vouchers and outbox
    const before = await findInDatabase(database.db, ALL_S);
    expect(before).toEqual(expect.arrayContaining([`public.passengers.first_name: Zephyrine`, `public.vouchers.html+text: Zephyrine`, `public.messages.recipient: zephy.quill@example.org`]));
    // …and never in the audit, whose writer keeps no personal value
    expect(before.filter((l) => l.startsWith("public.audit_entries"))).toEqual([]);
  }, 120_000);

  it("only an ADMIN erases, with a reason; an unknown passenger is 404", async () => {
    const path = `/cases/${caseUrn}/passengers/ZQ-1/erase`;
    expect((await call(eraseH, path, { token: supervisor, params: { caseUrn, passengerId: "ZQ-1" }, body: { reason: "asked" } })).status).toBe(403);
    const noReason = await call(eraseH, path, { token: admin, params: { caseUrn, passengerId: "ZQ-1" }, body: {} });
    expect([noReason.status, noReason.json.code]).toEqual([422, "REASON_REQUIRED"]);
    expect((await call(eraseH, path, { token: admin, params: { caseUrn, passengerId: "NOPE" }, body: { reason: "asked" } })).status).toBe(404);
    const other = await roleToken(`${tenant.slice(0, 1)}Z`, "ADMIN");
    expect((await call(eraseH, path, { token: other, params: { caseUrn, passengerId: "ZQ-1" }, body: { reason: "asked" } })).status).toBe(404);
    expect(await findInDatabase(database.db, ["Zephyrine"])).not.toEqual([]);
  });

  it("erasing one passenger on request leaves nothing of theirs, keeps the others', and a repeat changes nothing", async () => {
    const res = await call(eraseH, `/cases/${caseUrn}/passengers/ZQ-1/erase`, { token: admin, params: { caseUrn, passengerId: "ZQ-1" }, body: { reason: "GDPR request #4411" } });
    expect(res.status).toBe(200);
    const erased = res.json.passengerGroups.flatMap((g: { passengers: unknown[] }) => g.passengers).find((p: { id: string }) => p.id === "ZQ-1");
    expect(erased).toMatchObject({ firstName: null, lastName: null, email: null, phone: null, tier: "ECONOMY", erasedAt: expect.any(String) });
    expect(res.json.passengerGroups.find((g: { groupId: string }) => g.groupId === "ZQ1").dataIncomplete).toBe(false);

    expect(await findInDatabase(database.db, ZEPHYRINE_S)).toEqual([]);
    const left = await findInDatabase(database.db, ["Barnabus", "Oakenshield", "Ximenaluz"]);
    expect(left).toEqual(expect.arrayContaining(["public.passengers.first_name+email: Barnabus", "public.vouchers.html+text: Barnabus"]));
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.html, (await database.db.select().from(vouchers)).find((v) => v.text.includes("Barnabus"))!.html));
    expect(voucher.text).toContain("(name erased)");
    const own = await database.db.select().from(messages).where(and(eq(messages.tenant, tenant), eq(messages.kind, "VOUCHER")));
    // her voucher by email (sent) and by SMS (kept: no SMS gateway here, so never sent now), both scrubbed
    const hers = own.filter((m) => m.recipient.startsWith("(erased)"));
    expect(hers.map((m) => [m.channel, m.status]).sort()).toEqual([["EMAIL", "SENT"], ["SMS", "FAILED"]]);
    expect(hers.find((m) => m.channel === "EMAIL")).toMatchObject({ subject: "(erased)" });
    expect(hers.find((m) => m.channel === "SMS")!.text).toBe("(erased): the recipient's personal data was erased.");
    // the outbox knew her number as E.164
    expect(await findInDatabase(database.db, ["+33612345678"])).toEqual([]);

    const audit = await call(auditH, "/audit", { token: admin, query: { entityUrn: caseUrn, action: "erase-passenger" } });
    expect(audit.json.items).toHaveLength(1);
    expect(audit.json.items[0]).toMatchObject({ actorRoles: ["ADMIN"], reason: "GDPR request #4411" });
    expect(audit.json.items[0].changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(["passengers.ZQ-1.firstName", "passengers.ZQ-1.lastName", "passengers.ZQ-1.email", "passengers.ZQ-1.phone", "erasedPassengers"]),
    );
    expect(audit.json.items[0].changes.find((c: { field: string }) => c.field === "passengers.ZQ-1.email")).toEqual({ field: "passengers.ZQ-1.email", before: MARKER, after: null });

    const again = await call(eraseH, `/cases/${caseUrn}/passengers/ZQ-1/erase`, { token: admin, params: { caseUrn, passengerId: "ZQ-1" }, body: { reason: "again" } });
    expect(again.status).toBe(200);
    expect(again.json.revision).toBe(res.json.revision);
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, caseUrn), eq(auditEntries.action, "erase-passenger")))).toHaveLength(1);
  });

  it("the daily job erases cases closed longer than the tenant's retention, not reopened ones nor recent ones", async () => {
    expect((await call(settingsH, "/settings", { token: admin, method: "PATCH", body: { personalDataRetentionDays: 0 } })).status).toBe(422);
    const set = await call(settingsH, "/settings", { token: admin, method: "PATCH", body: { personalDataRetentionDays: 30 } });
    expect([set.status, set.json.personalDataRetentionDays]).toEqual([200, 30]);
    const closed = await call(closeH, `/cases/${caseUrn}/close`, { token: admin, params: { caseUrn }, body: { reason: "all home" } });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);

    // another case, closed then reopened: open again, so never erased
    const reopenedPax = { id: "RO-1", firstName: "Wilhelmina", lastName: "Ravensworth", tier: "ECONOMY", email: "wil.raven@example.org" };
    const reopened = await createCase(supervisor, casePayload({ passengerGroups: [{ pnr: "RO1", passengers: [reopenedPax] }] }));
    await call(closeH, `/cases/${reopened.urn}/close`, { token: admin, params: { caseUrn: reopened.urn }, body: { reason: "done" } });
    expect((await call(reopenH, `/cases/${reopened.urn}/reopen`, { token: admin, params: { caseUrn: reopened.urn }, body: { reason: "one more night" } })).status).toBe(200);

    const job = erasePersonalDataJob(async () => database.db);
    const clock = manualClock(Date.now() + 20 * DAY);
    const runner = createRunner({ db: database.db, jobs: [job], clock, retryBaseMs: 1 });
    await runner.tick();
    clock.advance(DAY);
    await runner.tick(); // day 21: within 30 days, nothing erased
    expect(await findInDatabase(database.db, ["Barnabus"])).not.toEqual([]);

    clock.advance(10 * DAY);
    await runner.tick(); // a missed tick fires once, with its own time (day 22): still within 30 days
    clock.advance(DAY);
    await runner.tick(); // day 32
    expect(await findInDatabase(database.db, ALL_S)).toEqual([]);
    expect(await findInDatabase(database.db, ["Wilhelmina", "wil.raven@example.org"])).not.toEqual([]);
    const rows = await database.db.select().from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(rows.every((p) => p.erasedAt && p.firstName === null && p.email === null)).toBe(true);
    const [kase] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(kase.status).toBe("CLOSED");
    const entries = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, caseUrn), eq(auditEntries.action, "erase-personal-data")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: "system:erase-personal-data", reason: "retention: closed more than 30 days ago" });
    expect(entries[0].changes.find((c) => c.field === "erasedPassengers")?.after).toEqual(["ZQ-2", "ZQ-3"]);
  }, 60_000);

  it("the process logged none of it", () => {
    expect(logs.lines.length).toBeGreaterThan(10);
    const hits = logs.lines.filter((l) => ALL_S.some((s) => l.toLowerCase().includes(s.toLowerCase())));
    expect(hits).toEqual([]);
  });
});
