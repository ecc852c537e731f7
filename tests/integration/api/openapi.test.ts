import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { routes } from "@/lib/api/routes";
import { call, apiTestDatabase } from "../../helpers/api";

// route handlers read the database installed here
apiTestDatabase();


describe("GET /openapi.json", () => {
  it("is public and a valid OpenAPI 3.1 document describing every route spec", async () => {
    const res = await call(GET, "/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.json;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    for (const r of routes) expect(doc.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
  });

  it("describes request, response and error bodies, and no reference dangles", async () => {
    const doc = (await call(GET, "/openapi.json")).json;
    const createCase = doc.paths["/cases"].post;
    expect(createCase.requestBody.content["application/json"].schema).toBeDefined();
    expect(createCase.responses["201"].content["application/json"].schema).toBeDefined();
    for (const status of ["401", "403", "422"]) {
      expect(createCase.responses[status].content["application/problem+json"].schema.$ref).toBe("#/components/schemas/Problem");
    }
    const refs = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((name) => !(name in doc.components.schemas))).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops as Record<string, { operationId: string }>).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
