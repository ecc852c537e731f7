import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as openapiHandler } from "@/app/api/v1/openapi.json/route";
import { POST as createPolicyHandler } from "@/app/api/v1/policies/route";
import { buildOpenApi } from "@/lib/api/openapi";
import { routes } from "@/lib/api/routes";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase, call } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { policyPayload } from "../../helpers/policies";
import { confirmedReservation } from "../../helpers/reservations";

/**
 * Every operation of the OpenAPI document, driven by what the document says of it: each path
 * parameter, each declared query parameter and each field of the request body (a valid example
 * built from its schema) in turn replaced by a hostile value — NUL, lone surrogates, huge strings
 * and numbers, dates out of any range, bad cursors and URNs, wrong types — and the body itself
 * replaced by malformed documents. Every answer is a 2xx or a problem+json 4xx, never a 5xx
 * (issue 29). Deterministic (a fixed seed picks the body mutations): about 4,800 requests, ~25 s.
 */

type Schema = Record<string, any>;
type Operation = { method: string; path: string; op: Schema };

const API_DIR = path.join(process.cwd(), "app", "api", "v1");
const SAMPLE_URN = "0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

const HOSTILE_TEXT = ["\u0000", "x\u0000y", "\ud800", "ok \udfff", "a".repeat(20_000), "", " ", "<script>alert(1)</script>", "../../etc/passwd", "%00", "\u202e\u2028"];
const HOSTILE_QUERY = [
  ...HOSTILE_TEXT,
  "-1",
  "0",
  "1e308",
  "99999999999999999999",
  "NaN",
  "9999-12-31",
  "0000-01-01",
  "0001-01-01T00:00:00Z",
  "-271821-04-20T00:00:00Z",
  `urn:svc:case:${SAMPLE_URN}`,
  "urn:svc:case:\u0000",
];
const HOSTILE_CURSORS = ["WyJ4Il0", "%%%", "e30", b64([1]), b64([null]), b64([]), b64([{}]), b64(["0000-01-01T00:00:00Z"]), b64(["-271821-04-20T00:00:00Z", `urn:svc:case:${SAMPLE_URN}`]), b64(["x\u0000"]), b64([`urn:svc:case:${SAMPLE_URN}`, 1e308]), b64(["9999-12-31T23:59:59Z", "x"])];
const HOSTILE_SEGMENTS = ["\u0000", "urn:svc:case:\u0000", "\ud800", "a".repeat(3000), `urn:svc:nothing:${SAMPLE_URN}`, "%ZZ", "%00", "..", `urn%3Asvc%3Acase%3A${SAMPLE_URN}`];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  1e308,
  -1e308,
  -1,
  0,
  2 ** 53 + 2,
  0.5,
  true,
  null,
  [],
  {},
  [[[[[[[[]]]]]]]],
  Array.from({ length: 2000 }, () => "x"),
  "9999-12-31",
  "0000-01-01",
  "9999-12-31T23:59:59Z",
  "0000-01-01T00:00:00Z",
  "-271821-04-20T00:00:00Z",
  `urn:svc:case:${SAMPLE_URN}`,
  "urn:svc:case:\u0000",
  { "\u0000": 1 },
  { "x\ud800": "y" },
];
const HOSTILE_BODIES = [
  "",
  "{",
  "[]",
  "null",
  "0",
  '"x"',
  "1e999",
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  '{"\\u0000":1}',
  '{"reason":"\\ud800"}',
  "[".repeat(5000) + "]".repeat(5000),
  `{"reason":"${"x".repeat(200_000)}"}`,
  "\u00ff\u00fe not utf-8 \ud800",
];
const FORM_BODIES = ["", "=", "a=%00", "MessageSid=%00&MessageStatus=delivered", "From=%2B33612345678&Body=%00STOP", "x=" + "a".repeat(20_000), "%ZZ=%ZZ"];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The document's schemas resolved: $ref, allOf, anyOf/oneOf (the first that is not null). */
function resolve(doc: Schema, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 20; i++) s = doc.components.schemas[String(s.$ref).split("/").pop()!] ?? {};
  if (s.allOf) return s.allOf.reduce((acc: Schema, part: Schema) => {
    const r = resolve(doc, part);
    return { ...acc, ...r, properties: { ...acc.properties, ...r.properties } };
  }, {});
  const options = s.anyOf ?? s.oneOf;
  if (options) return resolve(doc, options.find((o: Schema) => resolve(doc, o).type !== "null") ?? options[0]);
  return s;
}

/** A plausible valid value of a schema: its example, its first enum value, or one of its type. */
function sample(doc: Schema, schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  if (type === "object" || s.properties) {
    if (depth > 4) return {};
    return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [k, sample(doc, v, depth + 1)]));
  }
  if (type === "array") return depth > 4 ? [] : [sample(doc, s.items, depth + 1)];
  if (type === "integer" || type === "number") return typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1;
  if (type === "boolean") return true;
  if (s.format === "date-time") return "2026-11-21T18:05:00Z";
  if (s.format === "date") return "2026-11-21";
  if (s.format === "email") return "fuzz@example.com";
  if (s.format === "uri" || s.format === "url") return "http://127.0.0.1:9/hook";
  return "fuzz";
}

/** Every path into a value (objects and arrays included), root first. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const inner = value && typeof value === "object" ? Object.entries(value as object).flatMap(([k, v]) => paths(v, [...at, Array.isArray(value) ? Number(k) : k])) : [];
  return [at, ...inner];
}

function withValue(value: unknown, at: (string | number)[], leaf: unknown): unknown {
  if (at.length === 0) return leaf;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[at[0]] = withValue(copy[at[0]], at.slice(1), leaf);
  return copy;
}

/** The route module serving a documented path, and the path parameters its folder adds (a colon action's `action`). */
function routeOf(apiPath: string): { file: string; extra: Record<string, string> } {
  const folder = apiPath.replace(/\{([A-Za-z]+)\}/g, "[$1]");
  const direct = path.join(API_DIR, folder, "route.ts");
  if (fs.existsSync(direct)) return { file: direct, extra: {} };
  const action = folder.split("/").pop()!;
  return { file: path.join(API_DIR, folder.slice(0, -action.length), "[action]", "route.ts"), extra: { action } };
}

const database = apiTestDatabase({ airports: true });
let admin: string;
const real: Record<string, string> = {};

beforeAll(async () => {
  // thousands of requests on one token: the rate limit would answer 429 to most of them
  process.env.RATE_LIMIT_PER_MINUTE = "0";
  const tenant = uniqueTenant();
  admin = await roleToken(tenant, "ADMIN");
  const fx = await confirmedReservation(database.db, { token: admin, tenant });
  const policy = await call(createPolicyHandler, "/policies", { token: admin, body: policyPayload() });
  // not the fixture's wave: its row is not a whole wave as the job writes it
  Object.assign(real, {
    caseUrn: fx.caseUrn,
    reservationUrn: fx.reservationUrn,
    hotelUrn: fx.hotelUrn,
    groupId: fx.groupId,
    passengerId: "VP-1",
    policyUrn: policy.json.urn,
    code: "CDG",
    token: signPassengerToken(fx.reservationUrn, linkExpiry(new Date("2026-11-22T09:30:00Z"))),
  });
});

afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});

const KIND: Record<string, string> = { itemUrn: "review", subscriptionUrn: "webhook", callUrn: "capacity", messageUrn: "sms" };
const validParam = (name: string) => real[name] ?? (name.endsWith("Urn") ? `urn:svc:${KIND[name] ?? name.slice(0, -3).toLowerCase()}:${SAMPLE_URN}` : "X7K2QP");

// the document, built at collection time so each operation is a test of its own; the first test checks it is the one served
const doc: Schema = buildOpenApi(routes);
const documented: Operation[] = Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([p, methods]) =>
  Object.entries(methods).map(([m, op]) => ({ method: m.toUpperCase(), path: p, op })),
);

describe("every operation of the OpenAPI document under hostile input", () => {
  it("drives the document GET /openapi.json serves", async () => {
    expect((await call(openapiHandler, "/openapi.json")).json).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it.each(documented.map((o) => [`${o.method} ${o.path}`, o] as const))("%s: never a 5xx", async (_, { method, path: apiPath, op }) => {
    const { file, extra } = routeOf(apiPath);
    const handler = (await import(file))[method];
    const pathParams: string[] = (op.parameters ?? []).filter((p: Schema) => p.in === "path").map((p: Schema) => p.name);
    const queryParams: string[] = (op.parameters ?? []).filter((p: Schema) => p.in === "query").map((p: Schema) => p.name);
    const content = (op.requestBody?.content ?? {}) as Record<string, { schema?: Schema }>;
    const jsonBody = content["application/json"] ? sample(doc, content["application/json"].schema) : undefined;
    const form = Boolean(content["application/x-www-form-urlencoded"]);
    const bodyless = method === "GET";
    const params = Object.fromEntries(pathParams.map((n) => [n, validParam(n)]));

    const send = async (o: { params?: Record<string, string>; query?: Record<string, string>; body?: string; type?: string }) => {
      const p = { ...params, ...o.params, ...extra };
      const url = apiPath.replace(/\{([A-Za-z]+)\}/g, (_m, n: string) => encodeURIComponent(p[n].toWellFormed()));
      const headers: Record<string, string> = {};
      if (o.body !== undefined) headers["content-type"] = o.type ?? (form ? "application/x-www-form-urlencoded" : "application/json");
      const res = await call(handler, url, { token: admin, method, params: p, query: o.query, headers, rawBody: bodyless ? undefined : o.body });
      const what = `${method} ${apiPath} ${JSON.stringify({ params: o.params, query: o.query, body: o.body?.slice(0, 120) })}`;
      expect(res.status, `${what} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
      if (res.status >= 400) expect(res.headers.get("content-type"), what).toBe("application/problem+json");
    };
    const validBody = jsonBody === undefined ? undefined : JSON.stringify(jsonBody);

    await send({ body: validBody });
    for (const name of pathParams) for (const seg of HOSTILE_SEGMENTS) await send({ params: { [name]: seg }, body: validBody });
    for (const name of queryParams) {
      for (const value of name === "cursor" ? HOSTILE_CURSORS : HOSTILE_QUERY) await send({ query: { [name]: value }, body: validBody });
    }
    if (bodyless) return;
    for (const raw of form ? FORM_BODIES : HOSTILE_BODIES) await send({ body: raw });
    if (form) return;
    for (const raw of ['{"x":1}', "[1]"]) await send({ body: raw, type: "text/plain" });
    if (jsonBody === undefined) return;
    // each place of the body (the body itself, each field, each element) with hostile values, drawn with a fixed seed
    const random = seeded(apiPath.length * 31 + method.length);
    const places = paths(jsonBody);
    const tries = Math.min(60, places.length * 12);
    for (let i = 0; i < tries; i++) {
      const at = places[Math.floor(random() * places.length)];
      const value = HOSTILE_VALUES[Math.floor(random() * HOSTILE_VALUES.length)];
      await send({ body: JSON.stringify(withValue(jsonBody, at, value)) });
    }
  });
});
