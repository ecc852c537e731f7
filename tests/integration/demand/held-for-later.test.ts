import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as caseAction } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { GET as getBoard } from "@/app/api/v1/board/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { GET as summaryHandler } from "@/app/api/v1/demand/case/[caseUrn]/summary/route";
import { explainShortfall } from "@/components/cases/shortfall";
import { allocationWaves, cases, reservations } from "@/db/schema";
import { allocateOnApproval, allocateOnRequest } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { messagesOnVoucherIssued } from "@/inngest/functions/messages";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { sandboxProviders } from "@/tests/helpers/providers";
import { approvedCase, bookingTenant } from "../booking/helpers";
import { sandboxFleet } from "@/tests/helpers/fleet";

const database = apiTestDatabase({ airports: true });
// the passenger's flow plans rides after each booking: a fleet to ask, so no ride waits on the desk here
sandboxFleet();
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const runJobs = () => createRunner({ db: database.db, jobs: [allocateOnApproval, allocateOnRequest, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued], retryBaseMs: 1 }).tick();
const summary = async (token: string, caseUrn: string) => (await call(summaryHandler, `/demand/case/${caseUrn}/summary`, { token, params: { caseUrn } })).json;
const board = async (token: string) => (await call(getBoard, "/board", { token, query: { airport: "CDG" } })).json;

/** Rooms requested on top of a case, approved by the policy or at the desk: the approval's answer. */
async function extraRooms(token: string, caseUrn: string, rooms: number) {
  const res = await call(createDemandHandler, `/demand/case/${caseUrn}`, { token, params: { caseUrn }, body: { type: "INCREMENTAL", roomsRequested: rooms } });
  expect(res.status).toBe(201);
  if (res.json.status === "APPROVED") return res.json;
  const approved = await call(approveHandler, `/demand/${res.json.urn}/approve`, { token, params: { demandUrn: res.json.urn }, body: { reason: "two more rooms, at the desk" } });
  expect(approved.status).toBe(200);
  return approved.json;
}

function upload(token: string, caseUrn: string, lines: string[]) {
  const form = new FormData();
  form.set("file", new Blob([lines.join("\r\n")], { type: "text/csv" }), "late.csv");
  return call(caseAction, `/cases/${caseUrn}/passengers:bulk`, { token, params: { caseUrn, action: "passengers:bulk" }, rawBody: form, method: "POST" });
}

describe("extra rooms with no group waiting (docs/behaviour.md, Extra rooms)", () => {
  it("are held for passengers added later, not a shortfall nor 'not yet placed'; the next group added goes there", async () => {
    const { token } = await bookingTenant(database.db);
    const { caseUrn } = await approvedCase(token);
    await runJobs();
    const [before] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(before.status).toBe("ACCOMMODATED");
    const booked = (await summary(token, caseUrn)).totalBooked;
    expect(booked).toBeGreaterThan(0);

    // every group has its room: the 2 approved rooms have nobody to place, and the approval says so
    const extra = await extraRooms(token, caseUrn, 2);
    expect(extra).toMatchObject({ status: "APPROVED", heldForLater: 2 });
    await runJobs();

    const s = await summary(token, caseUrn);
    expect(s).toMatchObject({ totalApproved: booked + 2, totalBooked: booked, shortfall: 2, heldForLater: 2 });
    // the console's shortfall leaves them out, so nothing is shown without a reason
    expect(explainShortfall(s)).toEqual({ shortfall: 0, lines: [] });
    const [after] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(after.status).toBe("ACCOMMODATED");
    const b = await board(token);
    expect(b.rooms).toMatchObject({ needed: booked + 2, booked, pending: 0, forLater: 2, notYetPlaced: 0 });

    // a late passenger pair (one room) arrives: its group is placed into the held block and booked
    const added = await upload(token, caseUrn, ["pnr,passengerId,firstName,lastName,tier,email", "LATE01,LT-1,Ana,Silva,ECONOMY,ana@example.com", "LATE01,LT-2,Rui,Silva,ECONOMY,"]);
    expect(added.status).toBe(200);
    await runJobs();
    const waves = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, caseUrn));
    const late = waves.find((w) => (w.allocations as { groupId: string }[]).some((a) => a.groupId === "LATE01"));
    expect(late?.demandUrn).toBe(extra.urn);
    const [res] = await database.db.select().from(reservations).where(eq(reservations.groupId, "LATE01"));
    expect(res).toMatchObject({ caseUrn, status: "CONFIRMED", rooms: 1 });

    // the block shrank by the room the group took; the other stays held
    expect(await summary(token, caseUrn)).toMatchObject({ totalBooked: booked + 1, shortfall: 1, heldForLater: 1 });
    expect((await board(token)).rooms).toMatchObject({ booked: booked + 1, forLater: 1, notYetPlaced: 0 });
  });

  it("an approval with groups waiting holds nothing, and a shortfall names its reason", async () => {
    const { token } = await bookingTenant(database.db);
    const { caseUrn } = await approvedCase(token);
    // approved, not allocated yet: the rooms are for groups waiting, not held
    const s = await summary(token, caseUrn);
    expect(s.heldForLater).toBe(0);
    const explained = explainShortfall(s);
    expect(explained.shortfall).toBe(s.shortfall);
    expect(explained.lines.map((l) => l.key)).toEqual(["waiting"]);
    expect(explained.lines.reduce((n, l) => n + l.rooms, 0)).toBe(s.shortfall);
  });
});
