import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { Inngest } from "inngest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, Tx } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { toInngestFunction } from "@/inngest/adapter";
import { outboxSafetyNetJob, SAFETY_NET_GRACE_MS } from "@/inngest/outbox-safety-net";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction, type Ctx } from "@/lib/context";
import { emit } from "@/lib/events/emit";
import { startInngestEventSandbox, type InngestEventSandbox } from "@/lib/jobs/inngest-event-sandbox";
import { setAfterCommitSender } from "@/lib/outbox/send-after-commit";
import { testDatabase } from "@/tests/helpers/db";

/**
 * Inngest mode's two ways out of the outbox, on a real database, through the real Inngest SDK
 * client pointed at our sandbox of its event API: a transaction's own events right after its
 * commit (lib/outbox/send-after-commit.ts), and the cron safety net (inngest/outbox-safety-net.ts)
 * run by Inngest's executor (@inngest/test) for what is left.
 */

const EVENT_KEY = "test-event-key";
let database: Database;
let sandbox: InngestEventSandbox;
let client: Inngest;
let seq = 0;

beforeAll(async () => {
  database = await testDatabase();
  sandbox = await startInngestEventSandbox({ eventKey: EVENT_KEY });
  client = new Inngest({ id: "after-commit-test", eventKey: EVENT_KEY, baseUrl: sandbox.url, isDev: false });
  setAfterCommitSender(client);
});
afterAll(async () => {
  setAfterCommitSender(undefined);
  await sandbox?.close();
  await database?.close();
});
beforeEach(() => {
  vi.stubEnv("INNGEST_EVENT_KEY", EVENT_KEY);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const ctx = (): Ctx => ({ db: database.db, principal: systemPrincipal("AC", "test") });
const caseUrn = () => `urn:svc:case:after-commit-${++seq}`;
const rows = (ids: string[]) => database.db.select().from(jobEvents).where(inArray(jobEvents.id, ids));
const sentUrns = () => sandbox.events.map((e) => e.data.caseUrn);

describe("after commit, in inngest mode", () => {
  it("sends the transaction's events before transaction() returns, with the outbox id, and marks them SENT", async () => {
    const urns = [caseUrn(), caseUrn()];
    const ids = await transaction(ctx(), async (tx) => [await emit(tx, "case/created", { tenant: "AC", caseUrn: urns[0] }), await emit(tx, "case/created", { tenant: "AC", caseUrn: urns[1] })]);
    expect(sandbox.events.filter((e) => ids.includes(e.id!)).map((e) => [e.id, e.name, e.data.caseUrn])).toEqual([
      [ids[0], "case/created", urns[0]],
      [ids[1], "case/created", urns[1]],
    ]);
    expect((await rows(ids)).map((r) => r.status)).toEqual(["SENT", "SENT"]);
  });

  it("sends nothing of a savepoint that rolled back, nor of a nested transaction() before the outer one commits", async () => {
    const [kept, dropped, nested] = [caseUrn(), caseUrn(), caseUrn()];
    const posts = sandbox.posts();
    await transaction(ctx(), async (tx) => {
      await emit(tx, "case/created", { tenant: "AC", caseUrn: kept });
      await (tx.db as Tx)
        .transaction(async (sp) => {
          await emit({ ...tx, db: sp }, "case/created", { tenant: "AC", caseUrn: dropped });
          throw new Error("roll the savepoint back");
        })
        .catch(() => undefined);
      await transaction(tx, async (inner) => emit(inner, "case/created", { tenant: "AC", caseUrn: nested }));
      // nothing leaves while the outer transaction is open
      expect(sandbox.posts()).toBe(posts);
    });
    expect(sentUrns()).toEqual(expect.arrayContaining([kept, nested]));
    expect(sentUrns()).not.toContain(dropped);
    // one POST for the outer transaction's events, the nested one's included
    expect(sandbox.posts()).toBe(posts + 1);
  });

  it("leaves the events in the outbox when the event API refuses, and the change stands", async () => {
    const urn = caseUrn();
    sandbox.failNext(5);
    const id = await transaction(ctx(), (tx) => emit(tx, "case/created", { tenant: "AC", caseUrn: urn }));
    expect(sentUrns()).not.toContain(urn);
    expect(await rows([id])).toMatchObject([{ status: "PENDING", dispatchedAt: null }]);
  });

  it("sends nothing in the embedded mode: the runner dispatches the outbox", async () => {
    vi.unstubAllEnvs();
    vi.stubEnv("INNGEST_EVENT_KEY", "");
    vi.stubEnv("INNGEST_SIGNING_KEY", "");
    vi.stubEnv("INNGEST_DEV", "");
    const urn = caseUrn();
    const id = await transaction(ctx(), (tx) => emit(tx, "case/created", { tenant: "AC", caseUrn: urn }));
    expect(sentUrns()).not.toContain(urn);
    expect(await rows([id])).toMatchObject([{ status: "PENDING", dispatchedAt: null }]);
  });
});

describe("the safety net (cron, run by Inngest's executor)", () => {
  it("sends what the outbox still holds, older than its grace, and leaves the youngest to their requests", async () => {
    const db = database.db;
    // clear what the tests above left, so the count below is this test's alone
    await db.update(jobEvents).set({ dispatchedAt: new Date(), status: "SENT" }).where(eq(jobEvents.status, "PENDING"));
    const now = Date.now();
    const old = [caseUrn(), caseUrn(), caseUrn()];
    const oldIds = [];
    for (const urn of old) oldIds.push(await emit(ctx(), "case/created", { tenant: "AC", caseUrn: urn }));
    await db.update(jobEvents).set({ createdAt: new Date(now - 60_000) }).where(inArray(jobEvents.id, oldIds));
    const young = caseUrn();
    const youngId = await emit(ctx(), "case/created", { tenant: "AC", caseUrn: young });

    const job = outboxSafetyNetJob({ db: async () => db, sender: client });
    const t = new InngestTestEngine({ function: toInngestFunction(new Inngest({ id: "safety-net-test" }), job) });
    const { result, error } = await t.execute({ events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" }, ts: now }] });
    expect(error).toBeUndefined();
    expect(result).toEqual({ sent: 3 });
    expect(sentUrns()).toEqual(expect.arrayContaining(old));
    expect(sentUrns()).not.toContain(young);
    expect((await rows(oldIds)).every((r) => r.status === "SENT")).toBe(true);
    expect(await rows([youngId])).toMatchObject([{ status: "PENDING" }]);
    expect(SAFETY_NET_GRACE_MS).toBeLessThan(60_000);
  });
});
