import { describe, expect, it } from "vitest";
import { laneOfStartup, webFirst } from "@/db/pglite-web-first";

const web = (queuedAt: number) => ({ lane: "web" as const, queuedAt });
const jobs = (queuedAt: number) => ({ lane: "jobs" as const, queuedAt });

describe("the embedded database serves the web lane first between transactions", () => {
  it("runs a web message before a job message that arrived earlier", () => {
    const lanes = webFirst({ graceMs: 4, jobWaitMaxMs: 50 });
    expect(lanes.pick([jobs(0), web(1)], 2)).toEqual({ index: 1 });
  });

  it("right after a web statement, waits for the web lane's next one rather than open a job transaction", () => {
    const lanes = webFirst({ graceMs: 4, jobWaitMaxMs: 50 });
    lanes.ran("web", 100);
    expect(lanes.pick([jobs(99)], 101)).toEqual({ waitMs: 3 });
    // the grace over, the job runs
    expect(lanes.pick([jobs(99)], 104)).toEqual({ index: 0 });
  });

  it("never waits after a job statement, nor with nothing queued", () => {
    const lanes = webFirst({ graceMs: 4, jobWaitMaxMs: 50 });
    lanes.ran("jobs", 100);
    expect(lanes.pick([jobs(99)], 101)).toEqual({ index: 0 });
    expect(lanes.pick([], 101)).toBeNull();
  });

  it("does not starve jobs: a job message that waited the bound runs before further web messages", () => {
    const lanes = webFirst({ graceMs: 4, jobWaitMaxMs: 50 });
    lanes.ran("web", 140);
    expect(lanes.pick([jobs(100), web(139)], 149)).toEqual({ index: 1 });
    expect(lanes.pick([jobs(100), web(139)], 150)).toEqual({ index: 0 });
    // nor does the grace outlast the bound
    lanes.ran("web", 147);
    expect(lanes.pick([jobs(100)], 148)).toEqual({ waitMs: 2 });
  });

  it("reads the lane from the startup message's application_name", () => {
    const startup = (params: Record<string, string>) => {
      const body = Buffer.from(`${Object.entries(params).map(([k, v]) => `${k}\0${v}\0`).join("")}\0`);
      const head = Buffer.alloc(8);
      head.writeInt32BE(8 + body.length, 0);
      head.writeInt32BE(196608, 4);
      return new Uint8Array(Buffer.concat([head, body]));
    };
    expect(laneOfStartup(startup({ user: "postgres", database: "postgres", application_name: "jobs" }))).toBe("jobs");
    expect(laneOfStartup(startup({ user: "postgres", application_name: "web" }))).toBe("web");
    expect(laneOfStartup(startup({ user: "postgres" }))).toBe("web");
  });
});
