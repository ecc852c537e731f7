import { z } from "zod";
import { defineRoute } from "@/lib/api/route";
import { urnParam } from "@/lib/api/params";
import { EndedSessions, EndSessionsBody } from "@/lib/users/end-sessions";
import { CreateUserBody, UpdatedUser, UpdateUserBody, UserList, UserRecord, UsersQuery } from "@/lib/users/schemas";

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

export const listUsersRoute = defineRoute({
  method: "GET",
  path: "/users",
  tag: "Users",
  summary: "List the users",
  description:
    "ADMIN only. The tenant's console users by name, with their roles, airports and (HOTEL users) hotels by name; never a " +
    "password hash. `role` narrows the list. An ADMIN limited to some airports sees the users within them (a HOTEL user's " +
    "airports are its hotels').",
  permission: "admin",
  query: UsersQuery,
  response: UserList,
});

export const createUserRoute = defineRoute({
  method: "POST",
  path: "/users",
  tag: "Users",
  summary: "Add a user",
  description: [
    "ADMIN only. Body `{ email, name, roles, airports?, hotels?, password }`: a console user who signs in with e-mail and",
    "password. HOTEL is held alone and lists one or more `hotels` the airline has a direct contract with (422 otherwise:",
    "none listed, another airline's hotel, HOTEL with another role); its airports are `[\"*\"]`, its hotels being its scope.",
    "Every other role lists `airports` and no hotel. An ADMIN limited to some airports adds users within them only (403",
    "OUT_OF_SCOPE). The e-mail is unique across the installation (409 CONFLICT). Audited (entity user, action create).",
  ].join("\n"),
  permission: "admin",
  body: CreateUserBody,
  response: UserRecord,
  status: 201,
  errors: [409, 422],
});

export const updateUserRoute = defineRoute({
  method: "PATCH",
  path: "/users/{userUrn}",
  tag: "Users",
  summary: "Edit a user",
  description: [
    "ADMIN only. Body `{ name?, roles?, airports?, hotels?, password? }`: the fields given change; the result obeys the rules",
    "of POST /users (422). A change of roles, airports, hotels or password ends the user's live console sessions in the same",
    "transaction (`sessionsEnded`): from then on its session cookies are refused and it signs in again. An ADMIN limited to",
    "some airports edits users within them only (403 OUT_OF_SCOPE). Another tenant's user is a 404. Audited (entity user,",
    "action update; never the password).",
  ].join("\n"),
  permission: "admin",
  params: z.object({ userUrn: urnParam("user") }),
  body: UpdateUserBody,
  response: UpdatedUser,
  errors: [404, 422],
});
