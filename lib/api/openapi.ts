import { z } from "zod";
import { PROBLEM_TYPE_BASE } from "./problem";
import type { RouteSpec } from "./route";
import { rolesFor } from "@/lib/auth/roles";
import { webhooksSection } from "@/lib/webhooks/openapi";

type Io = "input" | "output";
type JsonSchema = Record<string, unknown>;

/** Named schemas (`.meta({ id })`) of one direction: request shapes ("input") or responses ("output"). */
type Defs = { input: Record<string, JsonSchema>; output: Record<string, JsonSchema> };

const PLACEHOLDER = (id: string, io: Io) => `#/components/schemas/${id}@${io}`;

/**
 * Converts one schema; named schemas land in `$defs`, which are collected for the document's
 * components. References carry a placeholder until names are settled in `settleNames`.
 */
function toSchema(schema: z.ZodType, io: Io, defs: Defs): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", cycles: "ref", reused: "inline" }) as JsonSchema;
  delete out.$schema;
  const rewritten = JSON.parse(
    JSON.stringify(out).replace(/"#\/\$defs\/([^"]+)"/g, (_m, id: string) => `"${PLACEHOLDER(id, io)}"`),
  ) as JsonSchema;
  const local = (rewritten.$defs ?? {}) as Record<string, JsonSchema>;
  delete rewritten.$defs;
  for (const [id, def] of Object.entries(local)) {
    delete def.id;
    defs[io][id] = def;
  }
  delete rewritten.id;
  return rewritten;
}

/**
 * A shape used in both directions keeps one name when both renderings agree; when they differ
 * (defaults make request fields optional), the request rendering is named `<id>Input`.
 */
function settleNames(doc: JsonSchema, defs: Defs): JsonSchema {
  const names = new Map<string, string>();
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, def] of Object.entries(defs.output)) {
    names.set(PLACEHOLDER(id, "output"), id);
    schemas[id] = def;
  }
  for (const [id, def] of Object.entries(defs.input)) {
    const same = id in defs.output && JSON.stringify(defs.output[id]) === JSON.stringify(def);
    const name = id in defs.output && !same ? `${id}Input` : id;
    names.set(PLACEHOLDER(id, "input"), name);
    schemas[name] = def;
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  const withComponents = { ...doc, components: { ...(doc.components as JsonSchema), schemas: { Problem, ...sorted } } };
  return JSON.parse(
    JSON.stringify(withComponents).replace(/"(#\/components\/schemas\/[^"@]+@(?:input|output))"/g, (_m, ref: string) => `"#/components/schemas/${names.get(ref)}"`),
  ) as JsonSchema;
}

const Problem: JsonSchema = {
  type: "object",
  description: "RFC 9457 problem details",
  required: ["type", "title", "status", "detail", "code", "errors"],
  properties: {
    type: { type: "string", format: "uri", example: `${PROBLEM_TYPE_BASE}validation-failed` },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: {
      type: "string",
      enum: [
        "MALFORMED_BODY", "UNAUTHENTICATED", "FORBIDDEN", "OUT_OF_SCOPE", "NOT_FOUND", "CASE_CLOSED",
        "INVALID_TRANSITION", "ALREADY_CLAIMED", "CONFLICT", "TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE",
        "VALIDATION_FAILED", "REASON_REQUIRED", "RATE_LIMITED",
      ],
    },
    errors: {
      type: "array",
      items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } }, required: ["path", "message"] },
    },
    instance: { type: "string" },
    requestId: { type: "string" },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON or multipart body (MALFORMED_BODY)",
  401: "Missing, invalid, expired or revoked token (UNAUTHENTICATED)",
  403: "Role not allowed (FORBIDDEN) or airport outside the principal's claims (OUT_OF_SCOPE)",
  404: "Unknown record, or one of another tenant (NOT_FOUND)",
  409: "The state forbids it (CASE_CLOSED, INVALID_TRANSITION, ALREADY_CLAIMED)",
  413: "Body or upload over its limit (TOO_LARGE)",
  415: "Wrong content type (UNSUPPORTED_MEDIA_TYPE)",
  422: "Well-formed but invalid (VALIDATION_FAILED, REASON_REQUIRED)",
  429: "Rate limit; Retry-After says when to retry (RATE_LIMITED)",
  503: "The database cannot be reached for now; nothing was changed; Retry-After says when to retry (SERVICE_UNAVAILABLE)",
};

function operation(spec: RouteSpec, defs: Defs): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const [where, obj] of [["path", spec.params], ["query", spec.query]] as const) {
    if (!obj) continue;
    const js = toSchema(obj, "input", defs) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === "path" || (js.required ?? []).includes(name),
        schema,
        ...(schema.description ? { description: schema.description } : {}),
      });
    }
  }
  const success = String(spec.status ?? 200);
  const responses: Record<string, JsonSchema> = {
    [success]: {
      description: spec.status === 201 ? "Created; Location names the new record" : "OK",
      ...(spec.responseContentType
        ? { content: { [spec.responseContentType]: { schema: spec.responseContentType === "application/gzip" ? { type: "string", contentMediaType: "application/gzip" } : { type: "string" } } } }
        : spec.response
          ? { content: { "application/json": { schema: toSchema(spec.response, "output", defs) } } }
          : {}),
    },
  };
  const statuses = new Set<number>(spec.permission === "public" ? [] : [401, 403, 429]);
  if (spec.body) [400, 413, 415, 422].forEach((s) => statuses.add(s));
  if (spec.multipart) [400, 413, 415, 422].forEach((s) => statuses.add(s));
  if (spec.form || spec.signedJson) [400, 413, 422].forEach((s) => statuses.add(s));
  if (spec.query) statuses.add(422);
  if (spec.params) statuses.add(404);
  (spec.errors ?? []).forEach((s) => statuses.add(s));
  // any route may find the database out of reach (a restart, a failover)
  statuses.add(503);
  for (const s of [...statuses].sort()) {
    responses[String(s)] = {
      description: ERROR_TEXT[s] ?? "Error",
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
      ...(s === 429 || s === 503 ? { headers: { "Retry-After": { schema: { type: "integer" }, description: "seconds" } } } : {}),
    };
  }
  const roles = spec.permission === "public" ? "public" : rolesFor(spec.permission).join(", ");
  const op: JsonSchema = {
    operationId: operationId(spec),
    tags: [spec.tag],
    summary: spec.summary,
    description: [spec.description, `Roles: ${roles}.`].filter(Boolean).join("\n\n"),
    parameters,
    responses,
    ...(spec.permission === "public" ? { security: [] } : {}),
  };
  if (spec.body) {
    op.requestBody = {
      required: !spec.bodyOptional,
      content: { "application/json": { schema: toSchema(spec.body, "input", defs) } },
    };
  } else if (spec.signedJson) {
    op.requestBody = { required: true, content: { "application/json": { schema: toSchema(spec.signedJson, "input", defs) } } };
  } else if (spec.form) {
    op.requestBody = { required: true, content: { "application/x-www-form-urlencoded": { schema: toSchema(spec.form, "input", defs) } } };
  } else if (spec.multipart) {
    op.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: Object.keys(spec.multipart),
            properties: Object.fromEntries(
              Object.entries(spec.multipart).map(([k, d]) => [k, { type: "string", format: "binary", description: d }]),
            ),
          },
        },
      },
    };
  }
  return op;
}

function operationId(spec: RouteSpec): string {
  const words = `${spec.summary}`.replace(/[^A-Za-z0-9 ]/g, " ").split(/\s+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join("");
}

/** The OpenAPI 3.1 document, built from the same route specs the handlers validate with. */
export function buildOpenApi(routes: readonly RouteSpec[], serverUrl = "/api/v1"): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const defs: Defs = { input: {}, output: {} };
  for (const spec of routes) {
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = operation(spec, defs);
  }
  return settleNames({
    openapi: "3.1.0",
    info: {
      title: "Disruption Accommodation Service API",
      version: "1.0.0",
      description:
        "Accommodates passengers stranded by a flight disruption. Every identifier is a URN " +
        "`urn:svc:<kind>:<uuidv7>`, raw or percent-encoded in paths. Times are ISO 8601 UTC; money is " +
        "`{ amount, currency }`. Errors are application/problem+json with a stable `code`. Within v1 " +
        "changes are additive; a deprecated endpoint answers with Deprecation and Sunset headers.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhooksSection((schema) => toSchema(schema, "output", defs)),
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "claims: sub, tenant, roles, airports, exp, iat, jti, and `hotels` (the hotel URNs a HOTEL token acts for: " +
            "HOTEL is held alone and lists at least one hotel; no other role lists hotels); `npm run token` mints one locally " +
            "(`--role HOTEL --hotels urn:svc:hotel:…` for a hotel's user)",
        },
      },
    },
  }, defs);
}
