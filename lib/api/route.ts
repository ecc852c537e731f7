import type { z } from "zod";
import type { Permission } from "@/lib/auth/roles";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * One endpoint, declared once: the handler validates with these schemas and the OpenAPI
 * document is generated from the same declaration.
 */
export type RouteSpec = {
  method: HttpMethod;
  /** OpenAPI path template under /api/v1, e.g. "/cases/{caseUrn}" */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** who may call it; "public" needs no principal */
  permission: Permission | "public";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** an action whose body may be omitted entirely (e.g. activate, claim) */
  bodyOptional?: boolean;
  /**
   * A form-encoded body (a peer's callback, Twilio-style): documented from this schema; the handler
   * reads and checks it itself, since its signature covers the raw fields (lib/messages/sms-form.ts).
   */
  form?: z.ZodObject;
  /** A JSON body signed by a peer over its raw bytes (a webhook-style callback): documented from this schema; the handler reads and checks it itself. */
  signedJson?: z.ZodType;
  /** multipart upload: field name → description (documentation only; the handler reads the form) */
  multipart?: Record<string, string>;
  response?: z.ZodType;
  /** for non-JSON responses (vouchers, backups) */
  responseContentType?: "text/html" | "text/plain" | "text/xml" | "application/gzip";
  status?: 200 | 201 | 202;
  /**
   * The statuses the endpoint's verb may set, by field ("status", "passengers.operationalStatus").
   * A test checks them against the domain's transition tables and the description, so the text
   * cannot name a status the verb never sets.
   */
  sets?: Record<string, readonly string[]>;
  /**
   * A credential carried in the path (the passenger link's token), checked right after the params
   * and before the body is read: a forged token is a 404 whatever its body, never a 415 or 422.
   * Every answer of such a route, refusals included, carries `Cache-Control: no-store`.
   */
  guard?: (params: Record<string, unknown>) => void;
  /** error statuses the endpoint may answer besides 401/403/429 */
  errors?: number[];
};

export function defineRoute<const S extends RouteSpec>(spec: S): S {
  return spec;
}
