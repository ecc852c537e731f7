import { z } from "zod";
import { defineRoute } from "@/lib/api/route";
import { urnParam } from "@/lib/api/params";
import { EndedSessions, EndSessionsBody } from "@/lib/users/end-sessions";

export const endUserSessionsRoute = defineRoute({
  method: "POST",
  path: "/users/{userUrn}/sign-out",
  tag: "Users",
  summary: "End a user's console sessions",
  description:
    "ADMIN only; body `{ reason }` (422 REASON_REQUIRED without one). Ends every live console session of the user: " +
    "from the commit on, the user's session cookies are refused (401 on the API, the sign-in page in the console) in " +
    "the process that answered at once and in every other within SESSION_CHECK_CACHE_MS (default 5 s). The user may " +
    "sign in again. An ADMIN limited to some airports may end the sessions of users whose airports are all among its " +
    "own (403 OUT_OF_SCOPE otherwise). Another tenant's user is a 404. Audited (entity user, action end-sessions) " +
    "with the number of sessions ended; 0 when none was live. Signing out in the console ends the caller's own session the same way.",
  permission: "admin",
  params: z.object({ userUrn: urnParam("user") }),
  body: EndSessionsBody,
  response: EndedSessions,
});
