import { describe, expect, it } from "vitest";
import { byUrgency, DUE_SOON_MS, priorityTone, slaState, statusTone } from "@/components/console/urgency";

const now = new Date("2026-11-24T22:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe("urgency tones", () => {
  it("tells an open case from a closed one and a case waiting on a person from both", () => {
    expect(statusTone("OPEN")).toBe("active");
    expect(statusTone("CLOSED")).toBe("over");
    expect(statusTone("MANUAL_REVIEW")).toBe("attention");
    expect(statusTone("FAILED")).toBe("urgent");
  });

  it("gives each priority its own tone", () => {
    expect(new Set((["HIGH", "MEDIUM", "LOW"] as const).map(priorityTone)).size).toBe(3);
  });

  it("classifies the SLA clock", () => {
    expect(slaState({ slaDueAt: at(-1000), state: "OPEN" }, now)).toBe("overdue");
    expect(slaState({ slaDueAt: at(DUE_SOON_MS - 1000), state: "OPEN" }, now)).toBe("due-soon");
    expect(slaState({ slaDueAt: at(DUE_SOON_MS + 60_000), state: "CLAIMED" }, now)).toBe("ok");
    expect(slaState({ slaDueAt: at(-1000), state: "RESOLVED" }, now)).toBe("none");
    expect(slaState({ slaDueAt: at(3_600_000), state: "OPEN", overdue: true }, now)).toBe("overdue");
  });

  it("puts overdue items first, then due soon, then by priority, keeping age order within a rank", () => {
    const items = [
      { id: "low-old", priority: "LOW" as const, slaDueAt: at(3_600_000), state: "OPEN" },
      { id: "high", priority: "HIGH" as const, slaDueAt: at(3_600_000), state: "OPEN" },
      { id: "low-overdue", priority: "LOW" as const, slaDueAt: at(-60_000), state: "OPEN" },
      { id: "medium-soon", priority: "MEDIUM" as const, slaDueAt: at(60_000), state: "OPEN" },
      { id: "low-new", priority: "LOW" as const, slaDueAt: at(7_200_000), state: "OPEN" },
    ];
    expect(byUrgency(items, now).map((i) => i.id)).toEqual(["low-overdue", "medium-soon", "high", "low-old", "low-new"]);
  });
});
