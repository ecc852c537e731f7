import { describe, expect, it } from "vitest";
import { Faults, FaultsRequest } from "@/lib/http/faults";

const run = (seed: number) => {
  const f = new Faults();
  f.configure({ seed, rate5xx: 0.3, rate429: 0.2 });
  return Array.from({ length: 50 }, () => f.draw(null, { booking: false }).fault);
};

describe("fault injection", () => {
  it("is deterministic per seed and honours the rates roughly", () => {
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
    const faults = run(5).filter(Boolean).length;
    expect(faults).toBeGreaterThan(10);
    expect(faults).toBeLessThan(40);
  });

  it("queues faults for the next calls; a lost confirmation waits for a booking", () => {
    const f = new Faults();
    f.configure({ next: ["lose-confirmation", "429"] });
    expect(f.draw(null, { booking: false }).fault).toBe("429");
    expect(f.draw(null, { booking: false }).fault).toBeNull();
    expect(f.draw(null, { booking: true }).fault).toBe("lose-confirmation");
    expect(f.draw(null, { booking: true }).fault).toBeNull();
  });

  it("a queued none answers one call normally, so a queue can space its faults", () => {
    const f = new Faults();
    f.configure({ rate5xx: 1, next: ["503", "none", "502"] });
    expect([0, 1, 2].map(() => f.draw(null, { booking: false }).fault)).toEqual(["503", null, "502"]);
    // the queue spent, the rate applies again
    expect(f.draw(null, { booking: false }).fault).toBe("503");
  });

  it("takes a per-call header, and reset clears everything", () => {
    const f = new Faults();
    f.configure({ rate5xx: 1 });
    expect(f.draw("timeout, latency=5", { booking: false })).toEqual({ fault: "timeout", latencyMs: 5 });
    f.reset();
    expect(f.draw(null, { booking: false })).toEqual({ fault: null, latencyMs: 0 });
  });

  it("look-up errors last a number of look-ups or until a time; given-away hotels are kept until reset", () => {
    const f = new Faults();
    f.configure(FaultsRequest.parse({ lookupErrors: { fault: "429", count: 2 }, giveAway: { "1042": "OVERBOOKED" } }));
    expect([0, 1, 2].map(() => f.drawLookup())).toEqual(["429", "429", null]);
    const t0 = Date.parse("2026-11-25T10:00:00Z");
    f.configure(FaultsRequest.parse({ lookupErrors: { fault: "timeout", until: "2026-11-25T10:05:00Z" }, giveAway: { "77": "NOT_FOUND" } }));
    expect(f.drawLookup(t0)).toBe("timeout");
    expect(f.drawLookup(t0 + 4 * 60_000)).toBe("timeout");
    expect(f.drawLookup(t0 + 5 * 60_000)).toBeNull();
    expect([f.giveAwayOf("1042"), f.giveAwayOf("77"), f.giveAwayOf("1")]).toEqual(["OVERBOOKED", "NOT_FOUND", null]);
    // neither or both of count and until is refused
    expect(FaultsRequest.safeParse({ lookupErrors: { fault: "503" } }).success).toBe(false);
    f.reset();
    expect([f.drawLookup(), f.giveAwayOf("1042")]).toEqual([null, null]);
  });
});
