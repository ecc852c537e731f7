import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { isLanePool, lanePool } from "@/db/lanes";
import { listenForWakes } from "@/lib/jobs/listen";

describe("the wake-up listener and the embedded database's lane pool", () => {
  it("listens on no connection for the two-lane pool (no server of its own), and tells it from a plain pool", async () => {
    const web = new pg.Pool({ host: "/nonexistent-socket-dir", max: 1 });
    const jobs = new pg.Pool({ host: "/nonexistent-socket-dir", max: 1 });
    const pool = lanePool(pg.Pool, web, jobs);
    expect(isLanePool(pool)).toBe(true);
    expect(isLanePool(web)).toBe(false);

    // before: a pg.Client built from the lane pool's options dialled PGHOST and warned every second
    const connect = vi.spyOn(pg.Client.prototype, "connect");
    const stop = await listenForWakes({ $client: pool } as unknown as Db, () => {});
    expect(connect).not.toHaveBeenCalled();
    await stop();
    connect.mockRestore();
    await pool.end();
  });
});
