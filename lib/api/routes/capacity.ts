import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { CapacityAnswerBody, CapacityCall, CapacityCallBody } from "@/lib/capacity/schemas";
import { IataCode } from "@/lib/primitives";

export const createCapacityCallRoute = defineRoute({
  method: "POST",
  path: "/airports/{code}/capacity-calls",
  tag: "Capacity calls",
  summary: "Call the contracted hotels near an airport for rooms tonight",
  description: [
    "Body `{ reason }` (422 REASON_REQUIRED without one). Asks every hotel the airline has a direct contract with at the airport",
    "for rooms tonight: the call records tonight's shortfall (`roomsShort`: rooms of groups the newest wave held for want of rooms",
    "and still HELD, over the airport's open live cases), and after commit each hotel whose contract names a reservations e-mail",
    "gets a CAPACITY_CALL e-mail with a link to answer in the extranet (`/extranet?call=<callUrn>`); a hotel without one is listed",
    "with `reachable: false`. 422 NO_CONTRACTED_HOTEL when the airline has no contracted hotel at the airport. OPS_SUPERVISOR and",
    "ADMIN within their airports (403 OUT_OF_SCOPE outside). Audited (entity capacity, action call). A policy's",
    "`capacityCall.whenShortByRooms` sends one by itself, at most once per airport and night.",
  ].join("\n"),
  permission: "capacity:call",
  params: z.object({ code: IataCode }),
  body: CapacityCallBody,
  response: CapacityCall,
  status: 201,
  errors: [404, 422],
});

export const getCapacityCallRoute = defineRoute({
  method: "GET",
  path: "/capacity-calls/{callUrn}",
  tag: "Capacity calls",
  summary: "Get a capacity call with its answers",
  description:
    "The call, the hotels it went to (by name, reachable by e-mail or not) and its answers so far (`count`, `rooms`). Staff within " +
    "their airports (403 OUT_OF_SCOPE outside); a HOTEL user reads a call that went to one of its hotels and sees only its own " +
    "hotels and answers (404 for any other call). Another tenant's call is a 404.",
  permission: "capacity:read",
  params: z.object({ callUrn: urnParam("capacity") }),
  response: CapacityCall,
  errors: [404],
});

export const answerCapacityCallRoute = defineRoute({
  method: "POST",
  path: "/capacity-calls/{callUrn}/answers",
  tag: "Capacity calls",
  summary: "Answer a capacity call for a hotel",
  description:
    "Body `{ hotelUrn, rooms, nightlyRate? }`: the rooms (and tonight's rate; absent: the contract's) the hotel offers for the " +
    "call's night. One answer per call and hotel: a later one replaces it. The same change sets the hotel's inventory for that " +
    "night, which the next wave's DIRECT source offers at once. A HOTEL user for the hotels of its claim (403 OUT_OF_SCOPE for " +
    "another hotel); OPS_SUPERVISOR and ADMIN within their airports. 422 NOT_CALLED for a hotel the call did not go to. Answers " +
    "the call record. Audited (entity capacity, action answer).",
  permission: "hotel:extranet",
  params: z.object({ callUrn: urnParam("capacity") }),
  body: CapacityAnswerBody,
  response: CapacityCall,
  errors: [404, 422],
});
