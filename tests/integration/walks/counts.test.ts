import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET as boardH } from "@/app/api/v1/board/route";
import { POST as generateH } from "@/app/api/v1/reports/route";
import { systemPrincipal } from "@/lib/auth/principal";
import { walkReservation } from "@/lib/booking/walk";
import { closePool } from "@/lib/pool";
import { reportCsv } from "@/lib/reports";
import { Board } from "@/lib/board/schemas";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { sandboxProviders } from "@/tests/helpers/providers";
import { bookedCase, walkRunner } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
sandboxFleet();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

describe("walks counted by hotel", () => {
  it("the board shows tonight's walks by hotel (walked, rehoused, waiting) and the weekly report lists walks and rehousings by hotel, in its CSV too", async () => {
    const { tenant, token, rows } = await bookedCase(database.db, "EXPEDIA_RAPID", "HOTELBEDS");
    expect(rows.length).toBeGreaterThan(1);
    const [first, second] = rows;
    const ctx = { db: database.db, principal: systemPrincipal(tenant, "reconfirmation") };
    const before = await call(boardH, "/board", { token, query: { airport: "CDG" } });
    expect(before.json.walks).toEqual([]);

    // the first walk is rehoused; the second waits (its rehousing has not run yet)
    await walkReservation(ctx, { reservationUrn: first.urn, reason: "OVERBOOKED", detail: "" });
    await walkRunner(database.db).tick();
    await walkReservation(ctx, { reservationUrn: second.urn, reason: "NOT_FOUND", detail: "" });

    const expected = new Map<string, { hotelUrn: string; hotelName: string | null; walked: number; rehoused: number; waiting: number }>();
    for (const [r, rehoused] of [[first, 1], [second, 0]] as const) {
      const e = expected.get(r.hotelUrn) ?? { hotelUrn: r.hotelUrn, hotelName: r.hotelName, walked: 0, rehoused: 0, waiting: 0 };
      expected.set(r.hotelUrn, { ...e, walked: e.walked + 1, rehoused: e.rehoused + rehoused, waiting: e.waiting + 1 - rehoused });
    }
    const board = await call(boardH, "/board", { token, query: { airport: "CDG" } });
    expect(board.status).toBe(200);
    expect(Board.parse(board.json).walks).toEqual(expect.arrayContaining([...expected.values()]));
    expect(board.json.walks).toHaveLength(expected.size);
    expect(board.json.revision).not.toBe(before.json.revision);
    // another airport's board sees none of them
    expect((await call(boardH, "/board", { token, query: { airport: "LHR" } })).json.walks).toEqual([]);

    const report = await call(generateH, "/reports", { token, body: { weekOf: new Date().toISOString().slice(0, 10) } });
    expect(report.status, report.text).toBe(201);
    const walks = [...expected.values()].map(({ hotelUrn, hotelName, walked, rehoused }) => ({ hotelUrn, hotelName, walks: walked, rehoused }));
    expect(report.json.walks).toEqual(expect.arrayContaining(walks));
    expect(report.json.walks).toHaveLength(walks.length);
    const csv = reportCsv(report.json);
    expect(csv).toContain("hotel,hotelUrn,walks,rehoused");
    for (const w of walks) expect(csv).toContain(`${w.hotelUrn},${w.walks},${w.rehoused}`);
  });
});
