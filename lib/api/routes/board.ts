import { defineRoute } from "@/lib/api/route";
import { Board, BoardQuery } from "@/lib/board/schemas";

export const getBoardRoute = defineRoute({
  method: "GET",
  path: "/board",
  tag: "Board",
  summary: "One airport's live operations board",
  description:
    "Any console role, for an airport in the caller's scope (403 OUT_OF_SCOPE otherwise). Live cases that are not " +
    "closed, by status, and their passengers; rooms needed (demands not rejected), booked (CONFIRMED reservations), " +
    "pending (PENDING reservations) and held (groups with HELD passengers); unresolved review items by priority with " +
    "their SLA due times, most urgent first; transport segments still to run (PLANNED, ASSIGNED) with riders and " +
    "seats; the hotel sources of the airport's latest wave; `flights`, a row per open case (flight, route, passengers, " +
    "rooms booked of needed, status and what waits and since when), most urgent first. `revision` changes whenever a figure changes: poll it " +
    "and re-render when it moves. Drills and shadow cases are left out.",
  permission: "read",
  query: BoardQuery,
  response: Board,
  errors: [422],
});
