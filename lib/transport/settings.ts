import { envInt } from "@/lib/config";

/**
 * Transport settings (environment, with these defaults):
 *  - TRANSPORT_SLOT_MINUTES (30): pickups are grouped into slots of this length, so reservations
 *    confirmed close together share one shuttle;
 *  - TRANSPORT_ARRIVAL_LEAD_MINUTES (30): the first airport pickup is this long after the
 *    reservation confirms (or the disruption, whichever is later), then rounded up to a slot;
 *  - TRANSPORT_CAR_CAPACITY (4), TRANSPORT_VAN_CAPACITY (6): seats of a private car or taxi and of
 *    a wheelchair van (a shuttle's come from the policy's shuttleCapacity);
 *  - TRANSPORT_SPEED_KMH (40), TRANSPORT_ROAD_FACTOR_PERCENT (130), TRANSPORT_LOAD_MINUTES (10):
 *    the travel time estimate (see plan/travel.ts);
 *  - TRANSPORT_COMPLETE_AFTER_MINUTES (120): an ASSIGNED ride this long past its pickup is COMPLETED;
 *  - TRANSPORT_SHUTTLE_HOURS ("05:00-23:00", the airport's local time): when shuttles run; a pickup
 *    outside them is at night, and a group owed transport gets a ride voucher (lib/rides/decide.ts).
 */
export function transportSettings() {
  return {
    slotMinutes: Math.max(1, envInt("TRANSPORT_SLOT_MINUTES", 30)),
    arrivalLeadMinutes: envInt("TRANSPORT_ARRIVAL_LEAD_MINUTES", 30),
    carCapacity: Math.max(1, envInt("TRANSPORT_CAR_CAPACITY", 4)),
    vanCapacity: Math.max(1, envInt("TRANSPORT_VAN_CAPACITY", 6)),
    speedKmh: Math.max(1, envInt("TRANSPORT_SPEED_KMH", 40)),
    roadFactor: Math.max(100, envInt("TRANSPORT_ROAD_FACTOR_PERCENT", 130)) / 100,
    loadMinutes: envInt("TRANSPORT_LOAD_MINUTES", 10),
    completeAfterMinutes: envInt("TRANSPORT_COMPLETE_AFTER_MINUTES", 120),
    shuttleHours: shuttleHours(process.env.TRANSPORT_SHUTTLE_HOURS),
  };
}
export type TransportSettings = ReturnType<typeof transportSettings>;

export type ShuttleHours = { from: string; until: string };

/** "HH:MM-HH:MM" → {from, until}; anything else is the default 05:00–23:00. */
function shuttleHours(raw: string | undefined): ShuttleHours {
  const m = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]|24):([0-5]\d)$/.exec(raw?.trim() ?? "");
  return m ? { from: `${m[1]}:${m[2]}`, until: `${m[3]}:${m[4]}` } : { from: "05:00", until: "23:00" };
}
