import { describe, expect, it } from "vitest";
import { approvalNotice } from "@/components/cases/approval-notice";
import { explainShortfall } from "@/components/cases/shortfall";

const base = { shortfall: 0, heldForLater: 0, shortfallReasons: [], totalAllocated: 0, totalBooked: 0 };

describe("explainShortfall: a shortfall is never shown without its reason", () => {
  it("leaves out rooms held for passengers added later", () => {
    expect(explainShortfall({ ...base, shortfall: 2, heldForLater: 2, totalAllocated: 10, totalBooked: 10 })).toEqual({ shortfall: 0, lines: [] });
  });

  it("names review items first, then bookings under way, then groups waiting, adding up to the shortfall", () => {
    const { shortfall, lines } = explainShortfall({
      ...base,
      shortfall: 9,
      heldForLater: 1,
      totalAllocated: 5,
      totalBooked: 2,
      shortfallReasons: [{ category: "ALLOCATION_FAILED", groups: ["G3"], rooms: 3 }],
    });
    expect(shortfall).toBe(8);
    expect(lines.map((l) => [l.key, l.rooms])).toEqual([
      ["ALLOCATION_FAILED", 3],
      ["booking", 3],
      ["waiting", 2],
    ]);
    expect(lines[0]).toMatchObject({ label: "allocation failed", text: "3 rooms, groups G3" });
  });
});

describe("explainShortfall: one group, two reasons", () => {
  it("counts the group's rooms once and names both reasons on its line", () => {
    const { shortfall, lines } = explainShortfall({
      ...base,
      shortfall: 2,
      totalAllocated: 18,
      totalBooked: 18,
      shortfallReasons: [
        { category: "PARTIAL_FULFILLMENT", groups: ["M6V2CH"], rooms: 2 },
        { category: "MIXED_TIER_GROUP", groups: ["M6V2CH"], rooms: 2 },
      ],
    });
    expect(shortfall).toBe(2);
    expect(lines).toEqual([{ key: "PARTIAL_FULFILLMENT", rooms: 2, label: "partial fulfillment, mixed tier group", text: "2 rooms, groups M6V2CH" }]);
  });
});

describe("approvalNotice", () => {
  it("says plainly when no group waits for the approved rooms", () => {
    expect(approvalNotice({ roomsRequested: 2, heldForLater: 2 })).toBe("No group is waiting: 2 rooms held for passengers added later");
    expect(approvalNotice({ roomsRequested: 3, heldForLater: 1 })).toBe("2 rooms for the waiting groups, allocation started; 1 room held for passengers added later");
    expect(approvalNotice({ roomsRequested: 3, heldForLater: 0 })).toBeUndefined();
  });
});
