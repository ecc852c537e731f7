import { describe, expect, it } from "vitest";
import { housingOf } from "@/components/cases/housing";

type Rec = Parameters<typeof housingOf>[0];
type Group = Rec["passengerGroups"][number];

const group = (groupId: string, statuses: string[], extra: Partial<Group> = {}): Group =>
  ({
    groupId,
    pnr: groupId,
    operationalStatus: Object.fromEntries(statuses.map((s, i) => [`${groupId}-${i}`, s])),
    hotelUrn: null,
    reservationUrn: null,
    passengers: [],
    ...extra,
  }) as unknown as Group;

const rec = (groups: Group[], more: Partial<Rec> = {}): Rec => ({ status: "OPEN", passengerGroups: groups, demands: [], manualReviewItems: [], ...more }) as Rec;
const demand = (status: string, roomsRequested = 2, roomsAllocated = 0) => ({ status, roomsRequested, roomsAllocated }) as Rec["demands"][number];
const none = new Map<string, string>();
const hotel = () => "Hotel Test";

describe("housingOf: is everyone housed, and if not, who and why", () => {
  it("counts a group housed when every passenger who needs a room has one, and leaves out groups that need none", () => {
    const h = housingOf(rec([group("A", ["BOOKED", "BOOKED"]), group("B", ["CHECKED_OUT", "LOCAL_RESIDENT"]), group("C", ["LOCAL_RESIDENT"]), group("D", ["CANCELLED"])]), none, hotel);
    expect(h).toEqual({ housed: 2, groups: 2, waiting: [] });
  });

  it("names a held group with its review item's words and a link to decide on it", () => {
    const h = housingOf(
      rec([group("H", ["HELD", "HELD"])], { manualReviewItems: [{ urn: "urn:svc:review:1", state: "OPEN", affectedGroups: ["H"], detail: "mixed tiers: no hotel fits both", category: "MIXED_TIER" }] as unknown as Rec["manualReviewItems"] }),
      none,
      hotel,
    );
    expect(h.housed).toBe(0);
    expect(h.waiting).toEqual([{ groupId: "H", passengers: 2, reason: "mixed tiers: no hotel fits both", next: "decide on its review item", reviewUrn: "urn:svc:review:1" }]);
  });

  it("gives the right to care's explanation for a group owed no hotel", () => {
    const h = housingOf(rec([group("N", ["AWAITING_ALLOCATION"])]), new Map([["N", "no hotel owed: a same-day wait"]]), hotel);
    expect(h.waiting[0].reason).toBe("no hotel owed: a same-day wait");
  });

  it("says a placed group is being booked at its hotel", () => {
    const h = housingOf(rec([group("P", ["ALLOCATED"], { hotelUrn: "urn:svc:hotel:1" })]), none, hotel);
    expect(h.waiting[0].reason).toBe("placed at Hotel Test, not booked yet");
  });

  it("follows the demand: none requested, waiting for approval, approved and waiting for the allocation", () => {
    const g = [group("W", ["AWAITING_ALLOCATION"])];
    expect(housingOf(rec(g), none, hotel).waiting[0]).toMatchObject({ reason: "no rooms requested for the group", next: "request rooms" });
    expect(housingOf(rec(g, { demands: [demand("REQUESTED")] }), none, hotel).waiting[0].reason).toBe("rooms requested, waiting for a supervisor's approval");
    expect(housingOf(rec(g, { demands: [demand("APPROVED")] }), none, hotel).waiting[0].reason).toBe("rooms approved, waiting for the next allocation");
    expect(housingOf(rec(g, { status: "CLOSED", demands: [demand("REQUESTED")] }), none, hotel).waiting[0].reason).toBe("the case closed before the group had a room");
  });

  it("says when the approved rooms are all placed (a group split off without asking for rooms): request more, not a rerun", () => {
    const g = [group("W", ["AWAITING_ALLOCATION"])];
    const taken = { reason: "every approved room is placed: none is left for this group", next: "request rooms for it (Demand)" };
    expect(housingOf(rec(g, { demands: [demand("APPROVED", 2, 2)] }), none, hotel).waiting[0]).toMatchObject(taken);
    expect(housingOf(rec(g, { demands: [demand("FULFILLED", 2, 2)] }), none, hotel).waiting[0]).toMatchObject(taken);
    // while an allocation runs, it may still place the group
    expect(housingOf(rec(g, { status: "ALLOCATING", demands: [demand("FULFILLED", 2, 2)] }), none, hotel).waiting[0].reason).toBe("rooms approved, waiting for the next allocation");
  });

  it("counts a half-booked group as not housed, with only the passengers who need a room", () => {
    const h = housingOf(rec([group("S", ["BOOKED", "AWAITING_ALLOCATION", "CANCELLED"])]), none, hotel);
    expect(h).toMatchObject({ housed: 0, groups: 1 });
    expect(h.waiting[0].passengers).toBe(2);
  });
});
