// GET /vouchers/{reservationUrn}/print – the voucher alone, opening the browser's print dialog (console session)
import { principalOf, sessionUser } from "@/lib/auth/session-ctx";
import { getDb } from "@/db/client";
import { DomainError } from "@/lib/errors";
import { decodeSegment, newId } from "@/lib/ids";
import { publicSignInUrl } from "@/lib/http/client-address";
import { getVoucher } from "@/lib/vouchers/get";

export const dynamic = "force-dynamic";

const PRINT_SCRIPT = `<script>window.addEventListener("load",function(){window.print()})</script>`;

export async function GET(req: Request, { params }: { params: Promise<{ reservationUrn: string }> }): Promise<Response> {
  const user = await sessionUser();
  if (!user) return signInRedirect(new URL(req.url).pathname);
  const ctx = { db: await getDb(), principal: principalOf(user), requestId: newId() };
  try {
    const html = await getVoucher({ ctx, input: { reservationUrn: decodeSegment((await params).reservationUrn), format: "html" } });
    return new Response(html.replace("</body>", `${PRINT_SCRIPT}</body>`), {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" },
    });
  } catch (err) {
    if (err instanceof DomainError) return new Response(`${err.message}\n`, { status: err.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw err;
  }
}

/**
 * To sign-in and back. Not from req.url: under `next start -H 0.0.0.0` that is
 * `http://0.0.0.0:3000/…`, an address no browser can open; PUBLIC_URL's, or a relative one.
 */
function signInRedirect(path: string): Response {
  return new Response(null, { status: 303, headers: { location: publicSignInUrl(path), "cache-control": "no-store" } });
}
