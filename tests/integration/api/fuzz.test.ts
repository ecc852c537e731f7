import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { POST as createCaseHandler } from "@/app/api/v1/cases/route";
import { seedTestAirports } from "../../helpers/airports";
import { call, setupApi, tokenFor } from "../../helpers/api";
import { casePayload } from "../../helpers/cases";

const API_DIR = path.join(process.cwd(), "app", "api", "v1");
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

let database: Database;
let token: string;
let caseUrn: string;
beforeAll(async () => {
  database = await setupApi();
  await seedTestAirports(database.db);
  token = await tokenFor({ tenant: "FZ", roles: ["ADMIN"] });
  caseUrn = (await call(createCaseHandler, "/cases", { token, body: casePayload() })).json.urn;
});
afterAll(async () => {
  await database.close();
});

/** Path parameters pointing at a real case, so bodies reach the services and not only the 404 check. */
function params(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of folder.matchAll(/\[([A-Za-z]+)\]/g)) {
    const name = m[1];
    if (name === "caseUrn") out[name] = caseUrn;
    else if (name === "action") out[name] = "groups:merge";
    else if (name === "groupId") out[name] = "X7K2QP";
    else out[name] = `urn:svc:${name.replace(/Urn$/, "").toLowerCase()}:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10`;
  }
  return out;
}

describe("no input causes a 5xx", () => {
  const files = routeFiles().filter((f) => !f.includes("[...rest]"));
  it.each(files.map((f) => [path.relative(API_DIR, path.dirname(f)), f]))("%s answers every arbitrary JSON body with a 2xx or 4xx", async (folder, file) => {
    const mod = await import(file);
    const methods = WRITE_METHODS.filter((m) => typeof mod[m] === "function");
    if (methods.length === 0) return;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.jsonValue({ maxDepth: 3 }), async (method, body) => {
        const res = await call(mod[method], `/${folder}`, { token, method, rawBody: JSON.stringify(body), headers: { "content-type": "application/json" }, params: params(folder) });
        expect(res.status, `${method} ${folder} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.headers.get("content-type")).toBe("application/problem+json");
      }),
      { numRuns: 12 },
    );
  });
});

/** Every path to a leaf of a JSON value, e.g. ["flight", "origin"]. */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafPaths(v, [...at, Array.isArray(value) ? Number(k) : k]));
  }
  return [at];
}

function withLeaf(value: unknown, at: (string | number)[], leaf: unknown): unknown {
  if (at.length === 0) return leaf;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[at[0]] = withLeaf(copy[at[0]], at.slice(1), leaf);
  return copy;
}

describe("a valid case payload with one field replaced by anything", () => {
  it("answers 201, 200 or a 4xx problem, never a 5xx", async () => {
    const base = casePayload();
    const paths = leafPaths(base);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 8 }), async (at, leaf, id) => {
        const body = withLeaf({ ...(base as object), externalEventId: `fz-${id}-${Math.random()}` }, at, leaf);
        const res = await call(createCaseHandler, "/cases", { token, body });
        expect(res.status, JSON.stringify({ at, leaf })).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
