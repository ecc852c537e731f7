import { z } from "zod";
import { getDb } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { authenticate } from "@/lib/auth/authenticate";
import type { Principal } from "@/lib/auth/principal";
import { hasPermission } from "@/lib/auth/roles";
import { writeAudit } from "@/lib/audit/write";
import type { Ctx } from "@/lib/context";
import { DomainError, forbidden, notFound } from "@/lib/errors";
import { decodeSegment, newId } from "@/lib/ids";
import { errorFields, log } from "@/lib/log";
import { ensureTenant } from "@/lib/tenants/ensure";
import { assertStorable, parseInput } from "@/lib/validation";
import { readJson } from "@/lib/http/body";
import { problemResponse } from "./problem";
import { upperCaseEnums } from "./query-case";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { Reply } from "./reply";
import type { RouteSpec } from "./route";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type HandlerArgs<S extends RouteSpec> = {
  ctx: Ctx;
  params: Infer<S["params"]>;
  query: Infer<S["query"]>;
  body: Infer<S["body"]>;
  req: Request;
};

type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one wrapper of every route handler: request id, principal, permission, rate limit, zod
 * parsing of params, a credential in the path (the route's guard) checked before the query and body, the service call, response shaping, problem+json errors
 * and a JSON log line. Handlers stay a few lines: the spec and one service verb.
 */
export function handle<S extends RouteSpec>(spec: S, fn: (args: HandlerArgs<S>) => Promise<unknown>) {
  return async (req: Request, route?: NextRouteContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const url = new URL(req.url);
    let principal: Principal | undefined;
    let response: Response;
    try {
      const db = await getDb();
      if (spec.permission !== "public") {
        principal = await authenticate(req, db);
        await checkRateLimit(principal.jti ? `jti:${principal.jti}` : `sub:${principal.sub}`);
        await ensureTenant(db, principal.tenant);
        if (!hasPermission(principal.roles, spec.permission)) {
          throw forbidden(`Your roles (${principal.roles.join(", ")}) may not ${spec.summary.toLowerCase()}.`);
        }
      }
      const rawParams = route ? await route.params : {};
      const params = spec.params ? parseOr404(spec.params, rawParams) : undefined;
      if (spec.guard) spec.guard((params ?? {}) as Record<string, unknown>);
      // every value and name of the query, declared or read raw (a callback's ?message=): no NUL, which PostgreSQL refuses
      for (const [name, value] of url.searchParams) assertStorable({ [name]: value }, "(query)");
      const query = spec.query ? parse(spec.query, upperCaseEnums(spec.query, Object.fromEntries(url.searchParams))) : undefined;
      const body = spec.body ? parseBody(spec, await readJson(req, { optional: spec.bodyOptional })) : undefined;
      const ctx: Ctx = { db, principal: principal ?? anonymous(), requestId };
      const result = await fn({ ctx, params, query, body, req } as HandlerArgs<S>);
      response = toResponse(spec, result, requestId);
    } catch (err) {
      if (isDatabaseUnavailable(err)) log("warn", "database unavailable", { requestId, path: url.pathname, ...errorFields(err) });
      else if (!(err instanceof DomainError)) log("error", "unhandled error", { requestId, path: url.pathname, ...errorFields(err) });
      if (err instanceof DomainError && err.status === 403 && principal) await auditRefusal(principal, err, req, requestId);
      response = problemResponse(err, requestId, url.pathname);
    }
    // a credential in the path (the passenger link) makes the URL the key to the answer: no cache may keep it
    if (spec.guard) response.headers.set("cache-control", "no-store");
    log("info", "request", {
      requestId,
      method: req.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      sub: principal?.sub,
      tenant: principal?.tenant,
    });
    return response;
  };
}

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : newId();
}

function anonymous(): Principal {
  return { sub: "anonymous", tenant: "", roles: [], airports: [], kind: "service" };
}

export { issuesToErrors } from "@/lib/validation";

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  return parseInput(schema, value);
}

/** No body at all reads as `{}`, so a missing required field is named (a missing reason: REASON_REQUIRED). */
function parseBody(spec: RouteSpec, value: unknown): unknown {
  if (value === undefined && spec.bodyOptional) return spec.body!.safeParse({}).success ? spec.body!.parse({}) : undefined;
  return parse(spec.body!, value === undefined && spec.body instanceof z.ZodObject ? {} : value);
}

function parseOr404<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw notFound("The record named in the path");
}

function toResponse(spec: RouteSpec, result: unknown, requestId: string): Response {
  if (result instanceof Response) {
    result.headers.set("x-request-id", requestId);
    return result;
  }
  const reply = result instanceof Reply ? result : new Reply(result, spec.status ?? 200);
  // only declared fields leave: the response schema strips anything else
  const body = spec.response ? spec.response.parse(reply.body) : reply.body;
  return new Response(JSON.stringify(body), {
    status: reply.status,
    headers: { "content-type": "application/json", "x-request-id": requestId, ...reply.headers },
  });
}

/** Contract part 3: a refused request writes nothing but, for 403, an audit entry of the attempt. */
async function auditRefusal(principal: Principal, err: DomainError, req: Request, requestId: string) {
  try {
    const db = await getDb();
    const path = new URL(req.url).pathname;
    const urn = decodeSegment(path).match(/urn:svc:[a-z]+:[0-9a-f-]{36}/)?.[0];
    await writeAudit(
      { db, principal, requestId },
      { entity: urn ? urn.split(":")[2] : "api", entityUrn: urn ?? path, action: "access-denied", reason: `${req.method} ${path}: ${err.code}: ${err.message}` },
    );
  } catch (auditErr) {
    log("error", "could not audit a refused request", { requestId, ...errorFields(auditErr) });
  }
}
