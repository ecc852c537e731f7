import { malformed, tooLarge, unsupportedMediaType } from "@/lib/errors";
import { config } from "@/lib/config";
import { assertStorable } from "@/lib/validation";

export const JSON_LIMIT = () => config.JSON_BODY_LIMIT_BYTES;
export const UPLOAD_LIMIT = () => config.UPLOAD_LIMIT_BYTES;

/** Reads the body up to `limit` bytes; past it, stops reading and refuses with 413. */
export async function readCapped(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(`The body exceeds ${limit} bytes.`);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // the client closed the connection mid-body: nobody reads the answer, but it is not our fault (no 500, no error log)
      throw malformed("The body was cut off: the connection closed before its end.");
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`The body exceeds ${limit} bytes.`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

/**
 * A JSON body: 415 unless the content type is JSON, 413 past the limit, 400 unless it parses.
 * An empty body is `undefined` (no body; the schema then names what is missing, e.g.
 * REASON_REQUIRED) only when nothing claims otherwise: an empty body *declared* as JSON is not a
 * JSON document (400 MALFORMED_BODY) and one declared as another type is 415 — except on a route
 * whose body is optional (`optional`: claim, activate), where an empty body is just no body.
 */
export async function readJson(req: Request, { optional = false }: { optional?: boolean } = {}): Promise<unknown> {
  const type = mediaType(req);
  const bytes = await readCapped(req, JSON_LIMIT());
  if (bytes.byteLength === 0 && (optional || type === "")) return undefined;
  if (!isJsonType(type)) throw unsupportedMediaType("Send the body as application/json.");
  if (bytes.byteLength === 0) throw malformed("The body is empty, but its Content-Type says JSON: send a JSON document, or no Content-Type.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw malformed("The body is not valid JSON.");
  }
  return parseJson(text);
}

/**
 * A JSON document's text, parsed: 400 unless it parses, 422 when a string or a name in it holds a
 * NUL or a lone surrogate (`"\u0000"`, `"\ud800"` are valid JSON, but PostgreSQL stores neither):
 * refused here once for every body, whatever its schema says of the field.
 */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed("The body is not valid JSON.");
  }
  assertStorable(value);
  return value;
}

/** A multipart form (file uploads): 415 for another type, 413 past the upload limit, 400 if malformed. */
export async function readMultipart(req: Request): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  if (mediaType(req) !== "multipart/form-data") throw unsupportedMediaType("Send the file as multipart/form-data.");
  const bytes = await readCapped(req, UPLOAD_LIMIT());
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw malformed("The multipart form could not be read.");
  }
}
