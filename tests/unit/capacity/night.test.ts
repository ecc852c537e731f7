import { describe, expect, it } from "vitest";
import { nightOf } from "@/lib/capacity/night";
import { policyCallUrn } from "@/lib/capacity/call";
import { isUrn } from "@/lib/ids";

describe("a capacity call's night and the policy's key", () => {
  it("asks for the night under way in the small hours, the coming night from the morning on, in the airport's zone", () => {
    expect(nightOf(new Date("2026-11-25T01:30:00Z"), "Europe/Paris")).toBe("2026-11-24"); // 02:30 in Paris
    expect(nightOf(new Date("2026-11-25T05:30:00Z"), "Europe/Paris")).toBe("2026-11-25"); // 06:30
    expect(nightOf(new Date("2026-11-25T22:30:00Z"), "Europe/Paris")).toBe("2026-11-25"); // 23:30
    expect(nightOf(new Date("2026-11-25T03:00:00Z"), "America/New_York")).toBe("2026-11-24"); // 22:00 the evening before
  });

  it("derives one capacity URN per tenant, airport and night", () => {
    const urn = policyCallUrn("AF", "CDG", "2026-11-25");
    expect(isUrn(urn, "capacity")).toBe(true);
    expect(policyCallUrn("AF", "CDG", "2026-11-25")).toBe(urn);
    expect(new Set([policyCallUrn("KL", "CDG", "2026-11-25"), policyCallUrn("AF", "ORY", "2026-11-25"), policyCallUrn("AF", "CDG", "2026-11-26")]).has(urn)).toBe(false);
  });
});
