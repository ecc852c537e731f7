import { describe, expect, it } from "vitest";
import { CapacityAnswerBody } from "@/lib/capacity/schemas";
import { InventoryBody } from "@/lib/extranet/schemas";

const HOTEL = "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
const inventory = (nightlyRate: unknown) => InventoryBody.safeParse({ date: new Date().toISOString().slice(0, 10), rooms: 4, nightlyRate });
const answer = (nightlyRate: unknown) => CapacityAnswerBody.safeParse({ hotelUrn: HOTEL, rooms: 4, nightlyRate });

describe("a nightly rate a hotel names (extranet inventory, capacity-call answer)", () => {
  it("refuses what no price is: 1e-300, under a cent, fractions of a cent, zero, negative", () => {
    for (const rate of [1e-300, 0.001, 0.009, 89.999, 120.125, 0, -5, Number.POSITIVE_INFINITY]) {
      expect(inventory(rate).success, `inventory ${rate}`).toBe(false);
      expect(answer(rate).success, `answer ${rate}`).toBe(false);
    }
    expect(inventory(1e-300).error?.issues[0].message).toMatch(/at least 0\.01/);
    expect(answer(89.999).error?.issues[0].message).toMatch(/two decimals/);
  });

  it("takes a rate in cents, whatever binary fractions make of it, and no rate at all", () => {
    for (const rate of [0.01, 89.99, 0.1 + 0.2, 129, 1234.56, null, undefined]) {
      expect(inventory(rate).success, `inventory ${rate}`).toBe(true);
      expect(answer(rate).success, `answer ${rate}`).toBe(true);
    }
  });
});
