import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as getBoard } from "@/app/api/v1/board/route";
import { messages, reservations } from "@/db/schema";
import { caseProgress } from "@/lib/read-models/case-progress";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { ctxFor, principal } from "@/tests/helpers/factories";
import { sandboxProviders } from "@/tests/helpers/providers";
import { approvedCase, bookingRunner, bookingTenant } from "../booking/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => {
  sandboxes.reset();
  // the demo's start: no mail server, so the outbox keeps every message
  vi.stubEnv("SMTP_URL", "");
});
afterEach(() => vi.unstubAllEnvs());

async function bookedCase() {
  const { tenant, token } = await bookingTenant(database.db);
  const { caseUrn } = await approvedCase(token);
  await bookingRunner(database.db).tick();
  const resUrns = (await database.db.select({ urn: reservations.urn }).from(reservations).where(eq(reservations.caseUrn, caseUrn))).map((r) => r.urn);
  const mail = await database.db.select().from(messages).where(and(eq(messages.kind, "VOUCHER"), inArray(messages.relatedUrn, resUrns)));
  return { tenant, token, caseUrn, mail };
}

/** A message of a stay with more than one contact (the rows come back in no set order on PostgreSQL). */
const ofSharedStay = <M extends { relatedUrn: string | null }>(mail: M[]): M => {
  const found = mail.find((m) => mail.filter((x) => x.relatedUrn === m.relatedUrn).length > 1);
  expect(found, "a stay with more than one contact").toBeTruthy();
  return found!;
};

const emailsStep = async (tenant: string, caseUrn: string) =>
  (await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn } })).steps.find((s) => s.key === "reach")!;

describe("delivery states (docs/behaviour.md, Delivery states)", () => {
  it("mail kept for lack of a mail server is not 'sent': progress and board name it, with what to configure", async () => {
    const { tenant, token, caseUrn, mail } = await bookedCase();
    expect(mail.length).toBeGreaterThan(0);
    expect(new Set(mail.map((m) => m.status))).toEqual(new Set(["KEPT"]));

    const step = await emailsStep(tenant, caseUrn);
    expect(step.state).toBe("attention");
    expect(step.label).toBe("Passengers reached");
    expect(step.detail).toBe(`0 of ${mail.length} reached, ${mail.length} kept — no mail server or SMS provider configured: set SMTP_URL and SMS_URL (docs/configuration.md)`);
    expect(step.problems).toEqual([]);
    const p = await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn } });
    expect(p.current).toBe("reach");

    const board = (await call(getBoard, "/board", { token, query: { airport: "CDG" } })).json;
    expect(board.emails).toEqual({ delivered: 0, kept: mail.length, queued: 0, failed: 0, mailServer: false });

    // what the mail server accepted is delivered, and only that
    const first = ofSharedStay(mail);
    await database.db.update(messages).set({ status: "SENT", sentAt: new Date() }).where(eq(messages.urn, first.urn));
    const one = await emailsStep(tenant, caseUrn);
    // a passenger is reached when their group's contact was: every passenger of that stay's group counts
    const group = mail.filter((m) => m.relatedUrn === first.relatedUrn).length;
    expect(group).toBeGreaterThan(1);
    expect(one.detail).toMatch(new RegExp(`^${group} of ${mail.length} reached`));
    expect((await call(getBoard, "/board", { token, query: { airport: "CDG" } })).json.emails).toMatchObject({ delivered: 1, kept: mail.length - 1 });

    await database.db.update(messages).set({ status: "SENT", sentAt: new Date() }).where(inArray(messages.urn, mail.map((m) => m.urn)));
    expect(await emailsStep(tenant, caseUrn)).toMatchObject({ state: "done", detail: `${mail.length} of ${mail.length} reached` });
  });

  it("a refused message is named; its group is failed only when none of its contacts can still be reached", async () => {
    const { tenant, caseUrn, mail } = await bookedCase();
    const first = ofSharedStay(mail);
    await database.db.update(messages).set({ status: "FAILED", lastError: "550: mailbox unavailable" }).where(eq(messages.urn, first.urn));
    const step = await emailsStep(tenant, caseUrn);
    // the group's other contacts are kept (they may still be sent): the step waits for a person, naming the refusal
    expect(step.state).toBe("attention");
    expect(step.detail).toMatch(new RegExp(`^0 of ${mail.length} reached`));
    expect(step.problems).toEqual([`${first.recipient}: mailbox unavailable (550)`]);
    // every contact of that group refused: the group cannot be reached, a failure
    const others = mail.filter((m) => m.relatedUrn === first.relatedUrn).map((m) => m.urn);
    await database.db.update(messages).set({ status: "FAILED", lastError: "550: mailbox unavailable" }).where(inArray(messages.urn, others));
    expect((await emailsStep(tenant, caseUrn)).state).toBe("failed");
  });
});
