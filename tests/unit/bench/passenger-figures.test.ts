import { describe, expect, it } from "vitest";
import type { MessageSinks } from "@/tests/bench/message-sinks";
import { PassengerReach } from "@/tests/bench/passenger-reach";
import { type CaseRides, shuttleAndTaxiLegs, undecidedRides } from "@/tests/bench/rides";

// the bench's passenger figures are read by the lead at the end of issue 28: a wrong rule would misreport the flow

const segment = (status: string, direction: string, urns: string[]) => ({ status, direction, reservationUrns: urns, passengers: urns.map((u) => ({ reservationUrn: u })) });
const voucher = (reservationUrn: string, direction: string, status: string) => ({ reservationUrn, direction, status });

describe("bench rides: decided and doubled legs", () => {
  const owed = new Set(["G1", "G2", "G3"]);

  it("a ride owed is decided by a vehicle or an issued taxi on each live leg, not before it is planned", () => {
    const rides: CaseRides = {
      segments: [segment("ASSIGNED", "AIRPORT_TO_HOTEL", ["r1", "r2"]), segment("PLANNED", "HOTEL_TO_AIRPORT", ["r1", "r2"]), segment("CANCELLED", "AIRPORT_TO_HOTEL", ["r4"])],
      vouchers: [voucher("r2", "HOTEL_TO_AIRPORT", "ISSUED"), voucher("r1", "HOTEL_TO_AIRPORT", "PENDING")],
    };
    const reservations = [
      { urn: "r1", groupId: "G1" }, // a PLANNED leg with only a PENDING taxi: undecided
      { urn: "r2", groupId: "G2" }, // a vehicle one way, an issued taxi the other
      { urn: "r3", groupId: "G3" }, // nothing planned yet
      { urn: "r4", groupId: "G3" }, // its only ride cancelled: nothing live left to decide
      { urn: "r5", groupId: "G9" }, // owed no transport
    ];
    expect(undecidedRides(rides, reservations, owed)).toEqual(["r1", "r3"]);
  });

  it("counts a leg with a live seat and an issued or used taxi once", () => {
    const rides: CaseRides = {
      segments: [segment("PLANNED", "HOTEL_TO_AIRPORT", ["r1", "r2"]), segment("CANCELLED", "AIRPORT_TO_HOTEL", ["r1"])],
      vouchers: [voucher("r1", "HOTEL_TO_AIRPORT", "ISSUED"), voucher("r2", "HOTEL_TO_AIRPORT", "PENDING"), voucher("r1", "AIRPORT_TO_HOTEL", "USED")],
    };
    expect(shuttleAndTaxiLegs(rides)).toBe(1);
  });
});

describe("bench reach: the voucher message of each group's lead", () => {
  const email = (to: string, subject: string, text: string, receivedAt: number) => ({ to: [to], subject, text, receivedAt });
  const sinks = (emails: ReturnType<typeof email>[], sms: { to: string; body: string; acceptedAt: number }[]) =>
    ({ smtp: { received: emails }, sms: { messages: () => sms } }) as unknown as MessageSinks;

  it("a group is reached by its first voucher email or SMS; other messages do not count", () => {
    const reach = new PassengerReach(
      sinks(
        [email("a@x.org", "Your hotel voucher ABC: Hotel, 27 Nov 20:00", "Transport: No transport arranged yet.", 2000), email("b@x.org", "Your taxi voucher", "Taxi voucher X", 1000)],
        [{ to: "+33612000001", body: "Airline: your hotel tonight is Hotel, check-in 27 Nov 20:00, confirmation ABC. Your voucher: http://x/v/t", acceptedAt: 1500 }],
      ),
    );
    reach.add("0 A", ["a@x.org", "+33612000001"]);
    reach.add("0 B", ["b@x.org"]);
    reach.add("0 CREW", []);
    expect([...reach.reached()]).toEqual([["0 A", 1500]]);
    expect(reach.everyGroupReached()).toBe(false);
  });

  it("the share of voucher emails that carry the ride or say none is owed, across wrapped lines", () => {
    const subject = "Votre bon d'hôtel ABC : Hôtel, 27 nov. 20:00";
    const reach = new PassengerReach(sinks([email("a@x.org", subject, "Pickup\r\nat Terminal 2", 1), email("b@x.org", subject, "No ride is included.", 2), email("c@x.org", subject, "No transport arranged yet.", 3), email("d@x.org", subject, "No transport arranged yet.", 4)], []));
    expect(reach.voucherWithRideShare()).toBe(0.5);
  });
});
