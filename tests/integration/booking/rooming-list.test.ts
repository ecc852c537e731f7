import { describe, expect, it } from "vitest";
import { roomingList } from "@/lib/booking/rooming-list";
import { apiTestDatabase } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });

describe("roomingList", () => {
  it("lists per hotel the group, its guests, rooms, special needs, local dates and the confirmation", async () => {
    const tenant = uniqueTenant();
    const fx = await confirmedReservation(database.db, { token: await roleToken(tenant, "ADMIN"), tenant });
    const list = await roomingList({ ctx: ctxFor(database.db, principal({ tenant })), input: { waveUrn: fx.waveUrn } });
    expect(list).toMatchObject({ flightNumber: "AF1234", airport: "CDG", timeZone: "Europe/Paris" });
    expect(list.hotels).toHaveLength(1);
    const [hotel] = list.hotels;
    // 19:05 Paris on the 21st to 10:30 on the 22nd: one night, dates as the desk reads them
    expect(hotel).toMatchObject({ name: "Hôtel du Terminal", checkIn: "2026-11-21", checkOut: "2026-11-22", nights: 1, rooms: 2, guests: 3 });
    expect(hotel.groups).toEqual([
      {
        pnr: "VCHR01",
        groupId: fx.groupId,
        rooms: 2,
        status: "CONFIRMED",
        confirmationCode: "HB-778812",
        guests: [
          { name: "DUPONT, Amélie", specialNeeds: ["WHEELCHAIR"] },
          { name: "DUPONT, Jean", specialNeeds: ["CONNECTING_ROOMS"] },
          { name: "DUPONT, Lou", specialNeeds: ["EARLY_CHECK_IN"] },
        ],
      },
    ]);
    // one hotel asked for, another named: nothing
    expect((await roomingList({ ctx: ctxFor(database.db, principal({ tenant })), input: { waveUrn: fx.waveUrn, hotelUrn: "urn:svc:hotel:none" } })).hotels).toEqual([]);
  });

  it("follows the wave's visibility: another tenant 404, another airport 403", async () => {
    const tenant = uniqueTenant();
    const fx = await confirmedReservation(database.db, { token: await roleToken(tenant, "ADMIN"), tenant });
    await expect(roomingList({ ctx: ctxFor(database.db, principal({ tenant: uniqueTenant() })), input: { waveUrn: fx.waveUrn } })).rejects.toMatchObject({ status: 404 });
    await expect(
      roomingList({ ctx: ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] })), input: { waveUrn: fx.waveUrn } }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
