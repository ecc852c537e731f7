import { describe, expect, it } from "vitest";
import { Faults } from "@/lib/providers/faults";

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
});
