import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createCaseHandler } from "@/app/api/v1/cases/route";
import { POST as createPolicyHandler } from "@/app/api/v1/policies/route";
import { proxy } from "@/proxy";
import { NextRequest } from "next/server";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { casePayload } from "../../helpers/cases";
import { policyPayload } from "../../helpers/policies";

/**
 * One property over the whole route table, instead of one-off fixes: any path parameter (raw,
 * percent-encoded, or with an encoding that does not decode), any query string, any body under
 * any content type, on every method of every route, answers a 2xx or a problem+json 4xx — never a
 * 5xx — and a refused request changes no row of any table (a 403 adds its one audit entry).
 */

const API_DIR = path.join(process.cwd(), "app", "api", "v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

const database = apiTestDatabase({ airports: true });
let admin: string;
let outsider: string;
let caseUrn: string;
let policyUrn: string;
let countAll: () => Promise<Record<string, number>>;

beforeAll(async () => {
  admin = await tokenFor({ tenant: "FR", roles: ["ADMIN"] });
  outsider = await tokenFor({ tenant: "FR", roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] });
  caseUrn = (await call(createCaseHandler, "/cases", { token: admin, body: casePayload() })).json.urn;
  policyUrn = (await call(createPolicyHandler, "/policies", { token: admin, body: policyPayload() })).json.urn;
  const r = (await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as {
    rows: { table_name: string }[];
  };
  const tables = r.rows.map((t) => t.table_name).filter((t) => !t.startsWith("__drizzle"));
  const query = sql.raw(`select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(", ")}`);
  countAll = async () => ((await database.db.execute(query)) as { rows: Record<string, number>[] }).rows[0];
});

const MALFORMED = ["%E0%A4%A", "%ZZ", "%", "%FF", "%C0%AF", "a%2", "%%", "%u0041"];
const segment = () =>
  fc.oneof(
    fc.constant("<case>"),
    fc.constant("<case-encoded>"),
    fc.constant("<policy>"),
    fc.constantFrom(...MALFORMED),
    fc.constantFrom("urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", "urn:svc:demand:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", "passengers:bulk", "groups:merge", "groups:split", "X7K2QP"),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 20 }),
  );

const QUERY_KEYS = ["status", "state", "limit", "cursor", "airport", "priority", "category", "entity", "entityUrn", "action", "caseUrn", "flight", "tier", "airline", "mode"];
const queryValue = () => fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...MALFORMED, "failed", "open", "0", "-1", "201", "1e9", "eyJ4Ijox", "lhr", "CDG", ""), fc.integer().map(String));
const query = () => fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })), queryValue(), { maxKeys: 4 });

const CONTENT_TYPES = [undefined, "application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/problem+json"];
const body = () =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant(""),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "binary", maxLength: 100 }),
    fc.constantFrom('{"reason":"fuzz"}', '{"reason":""}', "{", "[]", "null", '{"__proto__":{"x":1}}', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--'),
  );

function resolve(seg: string): string {
  if (seg === "<case>") return caseUrn;
  if (seg === "<case-encoded>") return encodeURIComponent(caseUrn);
  if (seg === "<policy>") return policyUrn;
  return seg;
}

function urlPath(folder: string, params: Record<string, string>): string {
  // the path as a client would send it: the segment percent-encoded unless it is a malformed escape already
  return folder.replace(/\[(?:\.\.\.)?([A-Za-z]+)\]/g, (_, name: string) => (MALFORMED.includes(params[name]) ? params[name] : encodeURIComponent(params[name])));
}

const files = routeFiles();
const cases = files.flatMap((file) => {
  const folder = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
  return [[folder, file] as const];
});

describe("the whole route table under arbitrary input", () => {
  it.each(cases)("%s: never a 5xx; a refused request writes nothing", async (folder, file) => {
    const mod = await import(file);
    const methods = METHODS.filter((m) => typeof mod[m] === "function");
    const names = [...folder.matchAll(/\[(?:\.\.\.)?([A-Za-z]+)\]/g)].map((m) => m[1]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.array(segment(), { minLength: names.length, maxLength: names.length }),
        query(),
        body(),
        fc.constantFrom(...CONTENT_TYPES),
        fc.boolean(),
        async (method, segs, q, raw, type, asOutsider) => {
          const params = Object.fromEntries(names.map((n, i) => [n, resolve(segs[i])]));
          const headers: Record<string, string> = {};
          if (type) headers["content-type"] = type;
          const before = await countAll();
          const res = await call(mod[method], `/${urlPath(folder, params)}`, {
            token: asOutsider ? outsider : admin,
            method,
            params,
            query: q,
            headers,
            rawBody: method === "GET" ? undefined : raw,
          });
          const what = `${method} /${folder} ${JSON.stringify({ params, q, type, raw: raw?.slice(0, 80) })}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.headers.get("content-type"), what).toBe("application/problem+json");
            const after = await countAll();
            const allowed = { ...before, audit_entries: before.audit_entries + (res.status === 403 ? 1 : 0) };
            expect(after, `${what} → ${res.status} changed rows`).toEqual(allowed);
          }
        },
      ),
      { numRuns: 14 },
    );
  });

  it("the proxy answers every path that does not decode before a route sees it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...MALFORMED), fc.webSegment()), { minLength: 1, maxLength: 4 }), fc.boolean(), async (segs, api) => {
        const p = (api ? "/api/v1/" : "/") + segs.join("/");
        let decodes = true;
        try {
          decodeURIComponent(p);
        } catch {
          decodes = false;
        }
        const res = await proxy(new NextRequest(`http://localhost${p}`));
        if (decodes) expect(res.headers.get("x-middleware-next"), p).toBe("1");
        else if (api) expect([res.status, res.headers.get("content-type")], p).toEqual([404, "application/problem+json"]);
        else expect(res.headers.get("x-middleware-rewrite"), p).toMatch(/_not-found-page$/);
      }),
      { numRuns: 300 },
    );
  });
});
