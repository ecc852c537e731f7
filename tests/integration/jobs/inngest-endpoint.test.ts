import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { GET, POST, PUT } from "@/app/api/inngest/route";
import { jobs } from "@/inngest/functions";
import { outboxSafetyNet } from "@/inngest/outbox-safety-net";

const handlers = { GET, POST, PUT };
const at = (method: string, query = "") =>
  new NextRequest(`http://localhost/api/inngest${query}`, { method, headers: method === "GET" ? {} : { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" });

afterEach(() => {
  delete process.env.INNGEST_DEV;
});

describe("/api/inngest", () => {
  it.each(["GET", "PUT", "POST"] as const)("%s without an Inngest server: a 404 problem, not the SDK's 500", async (method) => {
    const res = await handlers[method](at(method, method === "POST" ? "?fnId=x&stepId=step" : ""), { params: Promise.resolve({}) });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, code: "NOT_FOUND", instance: "/api/inngest" });
    expect(body.detail).toMatch(/embedded runner/);
  });

  it("with the dev server configured (INNGEST_DEV=1), GET is Inngest's own introspection", async () => {
    process.env.INNGEST_DEV = "1";
    const res = await GET(at("GET"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toHaveProperty("function_count");
    expect(body.function_count).toBeGreaterThan(10);
    // every job (an onFailure handler is a function of its own to Inngest), and the outbox safety net,
    // which is Inngest's alone: the embedded runner dispatches its own outbox
    expect(body.function_count).toBe(jobs.length + jobs.filter((j) => j.onFailure).length + 1);
    expect(jobs.map((j) => j.id)).not.toContain(outboxSafetyNet.id);
  });
});
