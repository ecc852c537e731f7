import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobEvents, jobRuns } from "@/db/schema";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { newId, newUrn } from "@/lib/ids";
import { createRunner } from "@/lib/jobs/runner";
import { apiTestDatabase } from "@/tests/helpers/api";

/** When each ask of the ride began, on the (faked) clock; each takes ANSWER_MS to come back "not now". */
const asks: number[] = [];
const ANSWER_MS = 25_000;
vi.mock("@/lib/rides/arrange", async (original) => ({
  ...(await original<typeof import("@/lib/rides/arrange")>()),
  arrangeRides: async (_ctx: unknown, input: { reservationUrns: string[] }) => {
    asks.push(Date.now());
    vi.setSystemTime(Date.now() + ANSWER_MS);
    return Object.fromEntries(input.reservationUrns.map((u) => [u, { live: true, retry: true, decided: false }]));
  },
}));

const database = apiTestDatabase();
afterEach(() => void vi.useRealTimers());

describe("the passenger flow's ride wait", () => {
  it("is a deadline from the booking: with peers taking 25 s to say 'not now', nothing is asked after confirmedAt + 60 s and the voucher goes then", async () => {
    // only Date is faked: the runner's clock and the steps' "now" read it, the database's I/O keeps its real timers
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const confirmedAt = Date.now();
    await database.db.insert(jobEvents).values({
      id: newId(),
      name: "stays/confirmed",
      tenant: "ZZ",
      data: { tenant: "ZZ", caseUrn: newUrn("case"), reservationUrns: [newUrn("reservation")] },
      createdAt: new Date(confirmedAt),
    });
    const runner = createRunner({ db: database.db, jobs: [passengerFlow], leaseMs: 3_600_000 });
    for (let round = 0; round < 30; round++) {
      await runner.tick();
      const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.functionId, "passenger-flow"));
      if (run?.status !== "SLEEPING") break;
      // the sleep ends: the clock moved to its wake time, as the night would
      vi.setSystemTime(Math.max(Date.now(), run.nextRunAt!.getTime()));
    }
    const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.functionId, "passenger-flow"));
    expect(run.status).toBe("COMPLETED");
    // asked at once, then on the first 10 s mark after each answer, the last at the deadline itself
    expect(asks.map((t) => (t - confirmedAt) / 1000)).toEqual([0, 30, 60]);
    // the voucher step came after the last answer: the wait ended within one answer of the deadline
    expect(run.endedAt!.getTime()).toBeLessThanOrEqual(confirmedAt + 60_000 + ANSWER_MS);
  });
});
