import type { ReadOne } from "./steady-reader";

type Api = (p: string, init?: RequestInit) => Promise<Response>;

/** `name=value` of each Set-Cookie, to send back as one Cookie header */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

/**
 * A supervisor of the bench's tenant signed in to the console as a person is: added through
 * POST /users, then next-auth's credentials sign-in (its CSRF token, then the form), so the
 * console's pages are read with the session cookie a browser holds, through the same middleware,
 * session check and server rendering. Answers how to read a console page with that session.
 */
export async function consoleReads(base: string, api: Api, airports: string[]): Promise<ReadOne> {
  const email = `bench-supervisor-${Date.now()}@bench.test`;
  const password = `bench-${crypto.randomUUID()}`;
  const added = await api("/users", { method: "POST", body: JSON.stringify({ email, name: "Bench Supervisor", roles: ["OPS_SUPERVISOR"], airports, password }) });
  if (added.status !== 201) throw new Error(`console user: ${added.status} ${await added.text()}`);

  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password }),
  });
  const session = cookiesOf(signIn).find((c) => /authjs\.session-token=/.test(c));
  if (!session) throw new Error(`console sign-in: ${signIn.status}, no session cookie`);
  return (path, signal) => fetch(`${base}${path}`, { headers: { cookie: session }, redirect: "manual", signal });
}
