import { z } from "zod";
import { defineRoute } from "@/lib/api/route";

export const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ driver: z.string(), ok: z.boolean(), latencyMs: z.number() }),
    jobs: z.object({ mode: z.enum(["embedded", "inngest"]) }),
    version: z.string(),
    time: z.iso.datetime(),
  })
  .meta({ id: "Health" });

export const healthRoute = defineRoute({
  method: "GET",
  path: "/health",
  tag: "System",
  summary: "Check service health",
  description: "Public. Reports whether the database answers and which job runner is in use.",
  permission: "public",
  response: Health,
});

export const openApiRoute = defineRoute({
  method: "GET",
  path: "/openapi.json",
  tag: "System",
  summary: "Get the OpenAPI document",
  description: "Public. This document, generated from the schemas the handlers validate with.",
  permission: "public",
});
