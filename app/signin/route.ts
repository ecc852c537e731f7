// GET /signin – an address people try for the sign-in page: a redirect to /sign-in, keeping a safe callbackUrl
import { signInAlias } from "@/lib/http/sign-in-alias";

export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  return signInAlias(req);
}
