import { describe, expect, it } from "vitest";
import { cases } from "@/db/schema";
import { oneOf } from "@/db/schema/columns";
import { FlightJson, parseJson, PaymentJson, StoredJsonError, TenantSettingsJson } from "@/db/schema/json";

describe("parseJson", () => {
  it("returns the parsed value of a stored JSON column", () => {
    const flight = { number: "AF1", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" };
    expect(parseJson(FlightJson, flight, "cases.flight of x")).toEqual(flight);
    expect(parseJson(TenantSettingsJson, { slaMinutes: { HIGH: 15 }, later: true }, "tenants.settings")).toEqual({ slaMinutes: { HIGH: 15 }, later: true });
  });

  it("fails loudly, naming the row and column, when the stored value no longer fits", () => {
    const err = (() => {
      try {
        parseJson(PaymentJson, { method: "CASH" }, "reservations.payment of urn:svc:reservation:1");
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StoredJsonError);
    expect((err as Error).message).toContain("reservations.payment of urn:svc:reservation:1");
    expect((err as Error).message).toContain("method");
  });
});

describe("oneOf", () => {
  it("refuses to inline anything but vocabulary-shaped values into DDL", () => {
    expect(() => oneOf("x_check", cases.status, ["OPEN", "x'); drop table cases; --"])).toThrow("not a vocabulary value");
    expect(() => oneOf("x_check", cases.status, ["OPEN", "CLOSED"])).not.toThrow();
  });
});
