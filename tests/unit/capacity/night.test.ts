import { describe, expect, it } from "vitest";
import { NIGHT_ENDS_AT_HOUR, nightOf, nightUnderWay } from "@/lib/cases/stay";
import { policyCallUrn } from "@/lib/capacity/call";
import { isUrn } from "@/lib/ids";

describe("the one night helper and the policy's key", () => {
  it("asks for the check-in date a stay starting now books, the one the wave plan searches, in the airport's zone", () => {
    // a call at 02:30 in Paris and a wave for a flight cancelled at 02:30 meet on the same date
    expect(nightOf(new Date("2026-11-25T01:30:00Z"), "Europe/Paris")).toBe("2026-11-25");
    expect(nightOf(new Date("2026-11-25T22:30:00Z"), "Europe/Paris")).toBe("2026-11-25"); // 23:30
    expect(nightOf(new Date("2026-11-25T03:00:00Z"), "America/New_York")).toBe("2026-11-24"); // 22:00 the evening before
  });

  it("keeps the evening before under way at a hotel desk until the one cutoff of lib/cases/stay.ts", () => {
    expect(NIGHT_ENDS_AT_HOUR).toBe(5);
    expect(nightUnderWay(new Date("2026-11-25T01:30:00Z"), "Europe/Paris")).toBe("2026-11-24"); // 02:30
    expect(nightUnderWay(new Date("2026-11-25T03:59:00Z"), "Europe/Paris")).toBe("2026-11-24"); // 04:59
    expect(nightUnderWay(new Date("2026-11-25T04:00:00Z"), "Europe/Paris")).toBe("2026-11-25"); // 05:00
    expect(nightUnderWay(new Date("2026-11-25T22:30:00Z"), "Europe/Paris")).toBe("2026-11-25"); // 23:30
  });

  it("derives one capacity URN per tenant, airport and night", () => {
    const urn = policyCallUrn("AF", "CDG", "2026-11-25");
    expect(isUrn(urn, "capacity")).toBe(true);
    expect(policyCallUrn("AF", "CDG", "2026-11-25")).toBe(urn);
    expect(new Set([policyCallUrn("KL", "CDG", "2026-11-25"), policyCallUrn("AF", "ORY", "2026-11-25"), policyCallUrn("AF", "CDG", "2026-11-26")]).has(urn)).toBe(false);
  });
});
