import http from "node:http";
import { type Drawn, Faults, FaultsRequest } from "@/lib/http/faults";
import { answerFault, firstHeader, type JsonReply, jsonReplies, readJsonBody } from "./sandbox-io";

/**
 * The scaffold of our bearer-key sandboxes (PSP, fleet, ride provider, meal-voucher issuer): the
 * request read as JSON, `POST /__sandbox/faults` and `POST /__sandbox/reset`, 404 for what no route
 * serves, then on an API route the key check and the fault drawn for the call (answerFault), and a
 * 500 in the peer's error shape for anything thrown. Each sandbox brings its own routes: its
 * protocol, its admin calls and what "reset" forgets.
 */
export type SandboxCall = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** the JSON body; undefined when empty, the sandbox's `invalidBody` when not JSON */
  body: unknown;
  /** the route pattern's groups */
  params: string[];
  /** the fault drawn for an API call (an admin call draws none): a "lose-confirmation" drops the answer once the work is done */
  drawn: Drawn;
  reply: JsonReply;
  fail: ReturnType<typeof jsonReplies>["fail"];
};

export type BearerSandboxRoute = {
  method: string;
  pattern: RegExp;
  /** `/__sandbox/…`: no key asked, no fault drawn */
  admin?: boolean;
  /** the call a "lose-confirmation" fault waits for */
  booking?: boolean;
  handle: (call: SandboxCall) => unknown;
};

const NO_FAULT: Drawn = { latencyMs: 0, fault: null };

export function bearerSandboxServer(o: {
  apiKey: string;
  /** who failed in a 5xx or timeout's message: "the payment service", "the dispatcher", … */
  failure: string;
  routes: BearerSandboxRoute[];
  /** forgets the sandbox's own state on `POST /__sandbox/reset` (its faults are reset first) */
  reset: () => void;
  /** what a body that is not JSON reads as (default undefined) */
  invalidBody?: unknown;
  /** the sandbox's own fault settings in a `POST /__sandbox/faults` body (read after the shared ones), and what it answers of them */
  ownFaults?: (body: unknown) => Record<string, unknown>;
}): { server: http.Server; faults: Faults } {
  const faults = new Faults();
  const shared: BearerSandboxRoute[] = [
    {
      method: "POST",
      pattern: /^\/__sandbox\/faults$/,
      admin: true,
      handle: ({ body, reply, fail }) => {
        const parsed = FaultsRequest.safeParse(body ?? {});
        if (!parsed.success) return fail(400, "invalid_request", "invalid fault settings");
        faults.configure(parsed.data);
        return reply(200, { settings: faults.settings, next: faults.pending(), ...o.ownFaults?.(body) });
      },
    },
    {
      method: "POST",
      pattern: /^\/__sandbox\/reset$/,
      admin: true,
      handle: ({ reply }) => {
        faults.reset();
        o.reset();
        return reply(200, { reset: true });
      },
    },
  ];
  const routes = [...shared, ...o.routes];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox");
    const body = await readJsonBody(req, o.invalidBody);
    const { reply, fail } = jsonReplies(res);
    try {
      const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      if (!route) return fail(404, "not_found", `no ${req.method} ${url.pathname}`);
      const params = route.pattern.exec(url.pathname)!.slice(1);
      if (route.admin) return await route.handle({ req, res, body, params, drawn: NO_FAULT, reply, fail });
      const drawn = faults.draw(firstHeader(req.headers["x-sandbox-fault"]), { booking: !!route.booking });
      if (await answerFault(req, res, { apiKey: o.apiKey, drawn, faults, fail, failure: o.failure })) return;
      return await route.handle({ req, res, body, params, drawn, reply, fail });
    } catch (err) {
      return fail(500, "server_error", err instanceof Error ? err.message : "failed");
    }
  });
  return { server, faults };
}

/** A 400's message for a request its schema refused: the fields' names, never their values (a card token is not echoed). */
export function invalidFields(error: { issues: { path: PropertyKey[] }[] }): string {
  return `invalid fields: ${[...new Set(error.issues.map((i) => i.path.join(".")))].join(", ")}`;
}
