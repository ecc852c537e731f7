import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";

apiTestDatabase();

// found by the route property: `valueOf` as the action found Object.prototype's and threw
describe("POST /cases/{caseUrn}/{action} with an action that is no endpoint", () => {
  it.each(["valueOf", "constructor", "__proto__", "toString", "hasOwnProperty", "passengers:bulkx"])("%s is a 404 problem", async (action) => {
    const token = await tokenFor({ tenant: "AF" });
    const caseUrn = "urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
    const res = await call(POST, `/cases/${encodeURIComponent(caseUrn)}/${action}`, { token, method: "POST", params: { caseUrn, action }, body: {} });
    expect([res.status, res.headers.get("content-type")]).toEqual([404, "application/problem+json"]);
  });
});
