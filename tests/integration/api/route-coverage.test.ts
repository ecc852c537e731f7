import fs from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { routes } from "@/lib/api/routes";
import { apiTestDatabase } from "../../helpers/api";

const API_DIR = path.join(process.cwd(), "app", "api", "v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Paths that answer without a principal: health, the OpenAPI document, the 404 catch-all, and the passenger link's API (the link is the credential). */
const PUBLIC = new Set(["/health", "/openapi.json", "/[...rest]", "/passenger/[token]", "/passenger/[token]/choices", "/passenger/[token]/choice", "/passenger/[token]/decline", "/passenger/[token]/rating"]);

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

/** app/api/v1/cases/[caseUrn]/close/route.ts → /cases/[caseUrn]/close */
function folderPath(file: string): string {
  return "/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
}

function sampleParams(folder: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of folder.matchAll(/\[(\.\.\.)?([A-Za-z]+)\]/g)) {
    const name = m[2];
    const kind = name.replace(/Urn$/, "").toLowerCase();
    params[name] = name.endsWith("Urn") ? `urn:svc:${kind}:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10` : "sample";
  }
  return params;
}

const files = routeFiles();
// route handlers read the database installed here
apiTestDatabase();


describe("every route handler", () => {
  it("exists for every declared route spec, and every handler method has a spec", async () => {
    const declared = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const served = new Set<string>();
    for (const file of files) {
      const folder = folderPath(file);
      if (folder === "/[...rest]") continue;
      const mod = await import(file);
      for (const method of METHODS) {
        if (typeof mod[method] !== "function") continue;
        if (folder.endsWith("/[action]")) {
          // colon actions (passengers:bulk, groups:merge) share one dynamic folder
          const base = folder.slice(0, -"/[action]".length).replace(/\[([A-Za-z]+)\]/g, "{$1}");
          for (const r of routes) if (r.method === method && r.path.startsWith(base + "/") && r.path.slice(base.length + 1).includes(":")) served.add(`${r.method} ${r.path}`);
          continue;
        }
        served.add(`${method} ${folder.replace(/\[([A-Za-z]+)\]/g, "{$1}")}`);
      }
    }
    expect([...served].filter((s) => !declared.has(s))).toEqual([]);
    expect([...declared].filter((s) => !served.has(s))).toEqual([]);
  });

  it.each(files.map((f) => [folderPath(f), f]))("%s answers 401 without a valid principal (unless public)", async (folder, file) => {
    const mod = await import(file);
    const forged = await new SignJWT({ sub: "x", tenant: "AF", roles: ["ADMIN"], airports: ["*"], jti: "j" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-secret"));
    for (const method of METHODS) {
      if (typeof mod[method] !== "function") continue;
      for (const auth of [undefined, `Bearer ${forged}`, "Basic abc"]) {
        const headers = new Headers({ "content-type": "application/json" });
        if (auth) headers.set("authorization", auth);
        const url = `http://localhost/api/v1${folder.replace(/\[\.\.\.rest\]/, "nothing/here")}`;
        const req = new Request(url, { method, headers, body: method === "GET" ? undefined : "{}" });
        const res: Response = await mod[method](req, { params: Promise.resolve(sampleParams(folder)) });
        if (PUBLIC.has(folder)) {
          expect(res.status, `${method} ${folder}`).toBeLessThan(500);
        } else {
          expect(res.status, `${method} ${folder} with ${auth ?? "no token"}`).toBe(401);
          expect(res.headers.get("content-type")).toBe("application/problem+json");
        }
      }
    }
  });
});
