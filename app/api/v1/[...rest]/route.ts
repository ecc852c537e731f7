// Any other path under /api/v1 – a problem+json 404 instead of the console's HTML page
import { problemResponse } from "@/lib/api/problem";
import { notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";

function missing(req: Request): Response {
  return problemResponse(notFound(`No endpoint ${req.method} ${new URL(req.url).pathname}`), newId(), new URL(req.url).pathname);
}

export const GET = missing;
export const POST = missing;
export const PUT = missing;
export const PATCH = missing;
export const DELETE = missing;
