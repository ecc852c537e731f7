import { config } from "@/lib/config";

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
    slotMinutes: config.TRANSPORT_SLOT_MINUTES,
    arrivalLeadMinutes: config.TRANSPORT_ARRIVAL_LEAD_MINUTES,
    carCapacity: config.TRANSPORT_CAR_CAPACITY,
    vanCapacity: config.TRANSPORT_VAN_CAPACITY,
    speedKmh: config.TRANSPORT_SPEED_KMH,
    roadFactor: config.TRANSPORT_ROAD_FACTOR_PERCENT / 100,
    loadMinutes: config.TRANSPORT_LOAD_MINUTES,
    completeAfterMinutes: config.TRANSPORT_COMPLETE_AFTER_MINUTES,
    shuttleHours: config.TRANSPORT_SHUTTLE_HOURS,
  };
}
export type TransportSettings = ReturnType<typeof transportSettings>;

export type ShuttleHours = { from: string; until: string };

/** "HH:MM-HH:MM" → {from, until}; anything else is the default 05:00–23:00. */
