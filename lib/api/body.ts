import { malformed, tooLarge, unsupportedMediaType } from "@/lib/errors";

export const JSON_LIMIT = () => Number(process.env.JSON_BODY_LIMIT_BYTES || 1024 * 1024);
export const UPLOAD_LIMIT = () => Number(process.env.UPLOAD_LIMIT_BYTES || 5 * 1024 * 1024);

/** Reads the body up to `limit` bytes; past it, stops reading and refuses with 413. */
export async function readCapped(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(`The body exceeds ${limit} bytes.`);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
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

/**
 * A JSON body: 415 unless the content type is JSON, 413 past the limit, 400 unless it parses.
 * An empty body is `undefined`: the schema then says what is missing (e.g. REASON_REQUIRED).
 */
export async function readJson(req: Request): Promise<unknown> {
  const type = mediaType(req);
  const bytes = await readCapped(req, JSON_LIMIT());
  if (bytes.byteLength === 0) return undefined;
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw unsupportedMediaType("Send the body as application/json.");
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw malformed("The body is not valid JSON.");
  }
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
