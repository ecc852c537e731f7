import ExcelJS from "exceljs";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { routes } from "@/lib/api/routes";
import type { RouteSpec } from "@/lib/api/route";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { createCase } from "../../helpers/cases";
import { makeRecords, type Records, tableCounter, TENANT } from "../../helpers/records";
import { handlerOf, validRequest } from "./principals/requests";

/**
 * fuzz-routes.test.ts throws arbitrary input at every route file, but mostly with sample URNs
 * that stop at a 404. Here every route is called with path parameters of real records (a case,
 * its group, demand, review item, wave, reservation, segment, a policy, a webhook subscription
 * and delivery, a report), so the bodies and queries reach the validators and the verbs: the
 * route's valid body with one field dropped, replaced or added, arbitrary JSON, hostile strings,
 * wrong or missing content types, oversize bodies; the query keys of the route's own schema with
 * hostile values. The passenger upload gets multipart forms: CSV and .xlsx files, damaged
 * workbooks, wrong file types, empty and repeated parts, broken boundaries, oversize files.
 * Never a 5xx; a refused request changes no row (a 403 adds its one audit entry).
 */

// small limits so oversize bodies are cheap to make; the limits are settings (README "Limits")
process.env.JSON_BODY_LIMIT_BYTES = String(16 * 1024);
process.env.UPLOAD_LIMIT_BYTES = String(64 * 1024);

const database = apiTestDatabase({ airports: true });
let records: Records;
let countAll: () => Promise<Record<string, number>>;
let outsider: string;
let feed2: string;

beforeAll(async () => {
  records = await makeRecords(database.db);
  countAll = await tableCounter(database.db);
  outsider = await tokenFor({ tenant: TENANT, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] });
  feed2 = await tokenFor({ tenant: TENANT, roles: ["FEED"], airports: ["CDG"], sub: "feed-2" });
});

const HOSTILE = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "urn%3Asvc%3Acase%3A%00",
  "%E0%A4%A",
  "\\u0000",
  "'; drop table cases; --",
  "<script>alert(1)</script>",
  "🛫🏨",
  "\uD800",
  "x".repeat(5000),
  "1e309",
  "-1",
  "NaN",
  "urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10",
  "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10",
  "__proto__",
  "constructor",
  "2026-02-30T25:61:00Z",
  "9999-12-31T23:59:59Z",
  "CDG",
  "LHR",
  "cdg",
];
const hostileValue = () =>
  fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE, null, true, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], {}, [[]], { __proto__: { polluted: 1 } }),
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 50 }),
  );

type Variant = { kind: "valid" } | { kind: "drop"; pick: number } | { kind: "replace"; pick: number; value: unknown } | { kind: "add"; key: string; value: unknown } | { kind: "whole"; value: unknown };
const variant = (): fc.Arbitrary<Variant> =>
  fc.oneof(
    fc.constant({ kind: "valid" as const }),
    fc.record({ kind: fc.constant("drop" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value: hostileValue() }),
    fc.record({ kind: fc.constant("add" as const), key: fc.oneof(fc.constantFrom("__proto__", "constructor", "status", "tenant", "urn", "mode"), fc.string({ maxLength: 12 })), value: hostileValue() }),
    fc.record({ kind: fc.constant("whole" as const), value: hostileValue() }),
  );

/** The route's valid body with one change; nested objects are reached by picking a path. */
function mutate(valid: unknown, v: Variant): unknown {
  if (v.kind === "valid") return valid;
  if (v.kind === "whole" || valid === null || typeof valid !== "object") return v.kind === "whole" ? v.value : valid;
  const copy = structuredClone(valid) as Record<string, unknown>;
  const paths: string[][] = [];
  const walk = (o: unknown, at: string[]) => {
    if (o === null || typeof o !== "object") return;
    for (const k of Object.keys(o)) {
      paths.push([...at, k]);
      walk((o as Record<string, unknown>)[k], [...at, k]);
    }
  };
  walk(copy, []);
  if (v.kind === "add") {
    Object.defineProperty(copy, v.key, { value: v.value, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  if (paths.length === 0) return copy;
  const path = paths[v.pick % paths.length];
  let parent = copy as Record<string, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (v.kind === "drop") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = v.value;
  return copy;
}

const CONTENT_TYPES = [undefined, "application/json", "application/json; charset=utf-8", "text/plain", "application/problem+json", "multipart/form-data; boundary=x", "application/xml"];
const bodyEncoding = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: "json" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "oversize" as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom("{", "[]", "null", '"x"', "\uFEFF{}", "{}{}", '{"reason":"x"}garbage')) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("bytes" as const), bytes: fc.uint8Array({ maxLength: 64 }) }) },
  );

function queryFor(spec: RouteSpec) {
  const own = spec.query ? Object.keys(spec.query.shape) : [];
  const keys = [...own, "limit", "cursor", "airport", "status"];
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h.length < 100), "eyJ4Ijox", "0", "201", "open", "OPEN"), fc.string({ maxLength: 30 })), {
    maxKeys: 3,
  });
}

type Seen = Map<string, Set<number>>;
const seen: Seen = new Map();

async function expectRefusalWroteNothing(what: string, status: number, contentType: string | null, before: Record<string, number>) {
  expect(status, what).toBeLessThan(500);
  if (status < 400) return;
  expect(contentType, what).toBe("application/problem+json");
  const after = await countAll();
  expect(after, `${what} → ${status} changed rows`).toEqual({ ...before, audit_entries: before.audit_entries + (status === 403 ? 1 : 0) });
}

describe.each(routes.filter((r) => r.permission !== "public" && !r.multipart).map((spec) => [`${spec.method} ${spec.path}`, spec] as const))(
  "%s with real records under arbitrary bodies and queries",
  (key, spec) => {
    it("never answers a 5xx; a refused request writes nothing", async () => {
      const { fn, extra } = await handlerOf(spec);
      // a token per route keeps the run under the per-token rate limit
      const admin = await tokenFor({ tenant: TENANT, roles: ["ADMIN"], airports: ["CDG"] });
      const statuses = new Set<number>();
      seen.set(key, statuses);
      await fc.assert(
        fc.asyncProperty(
          variant(),
          bodyEncoding(),
          fc.constantFrom(...CONTENT_TYPES),
          queryFor(spec),
          fc.constantFrom("admin", "admin", "admin", "outsider", "feed2"),
          async (v, enc, type, q, who) => {
            const { path, opts } = validRequest(spec, records);
            const headers: Record<string, string> = {};
            let rawBody: BodyInit | undefined;
            if (spec.method !== "GET") {
              const body = mutate(opts.body ?? {}, v);
              if (enc.kind === "json") rawBody = JSON.stringify(body) ?? "";
              else if (enc.kind === "oversize") rawBody = JSON.stringify({ ...(typeof body === "object" && body ? body : {}), pad: "x".repeat(17 * 1024) });
              else if (enc.kind === "raw") rawBody = enc.text;
              else rawBody = enc.bytes;
              const ct = enc.kind === "json" || enc.kind === "oversize" ? (type ?? "application/json") : type;
              if (ct) headers["content-type"] = ct;
            }
            const query = { ...(opts.query ?? {}), ...q };
            const token = who === "admin" ? admin : who === "outsider" ? outsider : feed2;
            const before = await countAll();
            const res = await call(fn, path, { method: spec.method, params: { ...opts.params, ...extra }, query, headers, rawBody, token });
            statuses.add(res.status);
            const what = `${key} as ${who} ${JSON.stringify({ v, enc: enc.kind, type, q }).slice(0, 300)}: ${res.json?.code ?? ""} ${res.json?.detail ?? ""}`;
            await expectRefusalWroteNothing(what, res.status, res.headers.get("content-type"), before);
          },
        ),
        { numRuns: 16 },
      );
      // the records are real, so the calls get past the path (a 404 everywhere would mean they did not)
      expect([...statuses].filter((s) => s !== 404), `${key} never got past the path: ${[...statuses]}`).not.toEqual([]);
    });
  },
);

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const HEADER = "pnr,passengerId,firstName,lastName,tier,email,phone,specialNeeds";
let workbookBytes: Uint8Array;

async function honestWorkbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Passengers");
  ws.addRow(HEADER.split(","));
  ws.addRow(["XLS001", "X-1", "Ann", "Lee", "ECONOMY", "ann@example.com", "", ""]);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const cell = () => fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h.length < 100), "ECONOMY", "CREW", "WHEELCHAIR", "=1+1", '"quoted, comma"', "a;b|c"), fc.string({ maxLength: 12 }));
const csvText = () =>
  fc
    .tuple(
      fc.oneof(fc.constant(HEADER), fc.constant("\uFEFF" + HEADER), fc.constant(HEADER.replaceAll(",", ";")), fc.constant("pnr,passengerId"), fc.string({ maxLength: 40 })),
      fc.array(fc.array(cell(), { minLength: 0, maxLength: 9 }), { maxLength: 6 }),
      fc.constantFrom("\n", "\r\n", "\r"),
    )
    .map(([head, rows, eol]) => [head, ...rows.map((r) => r.join(","))].join(eol));

type Part = { field: string; content: "csv" | "xlsx" | "xlsx-damaged" | "bytes" | "empty" | "oversize" | "string"; csv: string; bytes: Uint8Array; cut: number; name: string; type: string };
const part = (): fc.Arbitrary<Part> =>
  fc.record({
    field: fc.constantFrom("file", "file", "file", "File", "upload", ""),
    content: fc.constantFrom("csv", "csv", "xlsx", "xlsx-damaged", "bytes", "empty", "oversize", "string"),
    csv: csvText(),
    bytes: fc.uint8Array({ maxLength: 200 }),
    cut: fc.nat(),
    name: fc.constantFrom("manifest.csv", "manifest.xlsx", "manifest.txt", "", "../../etc/passwd", "manifest.csv\u0000.xlsx", "名簿.xlsx", "a".repeat(300)),
    type: fc.constantFrom("text/csv", XLSX_TYPE, "application/octet-stream", "", "application/json", "image/png", "text/csv; charset=latin1"),
  });

function fileOf(p: Part): File | string {
  const make = (data: BlobPart) => new File([data], p.name, { type: p.type });
  switch (p.content) {
    case "csv":
      return make(p.csv);
    case "xlsx":
      return make(workbookBytes as Uint8Array<ArrayBuffer>);
    case "xlsx-damaged": {
      // a real workbook, truncated or with a stretch overwritten
      const copy = new Uint8Array(workbookBytes);
      const at = p.cut % copy.length;
      if (p.bytes.length === 0) return make(copy.slice(0, at));
      copy.set(p.bytes.slice(0, copy.length - at), at);
      return make(copy);
    }
    case "bytes":
      return make(p.bytes as Uint8Array<ArrayBuffer>);
    case "empty":
      return make("");
    case "oversize":
      return make(`${HEADER}\n` + "OVR001,O-1,Ann,Lee,ECONOMY,,,\n".repeat(2400));
    case "string":
      return p.csv;
  }
}

type Envelope = { kind: "form" } | { kind: "raw"; text: string; type: string };
const envelope = (): fc.Arbitrary<Envelope> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant({ kind: "form" as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("raw" as const),
        text: fc.oneof(
          fc.constantFrom(
            "",
            "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\npnr,passengerId\r\n",
            "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc\r\n--x--",
            "--y\r\n\r\n--y--",
            "--x--",
            "--x\r\nContent-Disposition: form-data\r\n\r\n\r\n--x--",
          ),
          fc.string({ maxLength: 80 }),
        ),
        type: fc.constantFrom("multipart/form-data; boundary=x", "multipart/form-data", "multipart/form-data; boundary=", "multipart/mixed; boundary=x", "text/csv", "application/json", ""),
      }),
    },
  );

describe("POST /cases/{caseUrn}/passengers:bulk with real cases under arbitrary uploads", () => {
  beforeAll(async () => {
    workbookBytes = await honestWorkbook();
  });

  it("never answers a 5xx; a refused upload adds nothing", async () => {
    const spec = routes.find((r) => r.multipart)!;
    const { fn, extra } = await handlerOf(spec);
    const statuses = new Set<number>();
    const tokens = {
      admin: await tokenFor({ tenant: TENANT, roles: ["ADMIN"], airports: ["CDG"] }),
      feed1: await tokenFor({ tenant: TENANT, roles: ["FEED"], airports: ["CDG"], sub: "feed-1" }),
    };
    // a case of feed-1 that no other test of this file closes, so an honest upload goes through
    const targets = { mine: (await createCase(tokens.feed1)).urn as string, feed2: records.feed2CaseUrn, lhr: records.lhrCaseUrn, otherTenant: records.otherTenantCaseUrn };
    const honest: Part = { field: "file", content: "xlsx", csv: "", bytes: new Uint8Array(), cut: 0, name: "manifest.xlsx", type: XLSX_TYPE };
    await fc.assert(
      fc.asyncProperty(
        fc.array(part(), { minLength: 0, maxLength: 3 }),
        envelope(),
        fc.constantFrom<keyof typeof tokens | "outsider" | "feed2">("admin", "feed1", "feed1", "outsider", "feed2"),
        fc.constantFrom<keyof typeof targets>("mine", "mine", "feed2", "lhr", "otherTenant"),
        async (parts, env, who, target) => {
          const caseUrn = targets[target];
          let rawBody: BodyInit;
          const headers: Record<string, string> = {};
          if (env.kind === "form") {
            const form = new FormData();
            for (const p of parts) form.append(p.field, fileOf(p));
            rawBody = form;
          } else {
            rawBody = env.text;
            if (env.type) headers["content-type"] = env.type;
          }
          const token = who === "outsider" ? outsider : who === "feed2" ? feed2 : tokens[who];
          const before = await countAll();
          const path = `/cases/${encodeURIComponent(caseUrn)}/passengers:bulk`;
          const res = await call(fn, path, { method: "POST", params: { caseUrn, ...extra }, rawBody, headers, token });
          statuses.add(res.status);
          const what = `bulk as ${who} on ${target} ${JSON.stringify({ env, parts: parts.map((p) => ({ ...p, csv: p.csv.slice(0, 60), bytes: p.bytes.length })) }).slice(0, 400)}: ${res.json?.code ?? ""} ${res.json?.detail ?? ""}`;
          await expectRefusalWroteNothing(what, res.status, res.headers.get("content-type"), before);
        },
      ),
      {
        numRuns: 120,
        examples: [
          [[honest], { kind: "form" }, "feed1", "mine"],
          // found by this property on PostgreSQL: the file's name went into the audit's JSON with its NUL
          [[{ ...honest, name: "manifest.csv\u0000.xlsx" }], { kind: "form" }, "admin", "feed2"],
        ],
      },
    );
    // uploads reached the spreadsheet reader (422 naming rows or the file), the limit (413) and went through (200)
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 413, 415, 422]));
  });
});
