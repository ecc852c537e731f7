// GET /vouchers/{reservationUrn}/print – the voucher alone, opening the browser's print dialog (console session)
import { consolePrincipal, sessionUser } from "@/lib/console/session-ctx";
import { getDb } from "@/db/client";
import { DomainError } from "@/lib/errors";
import { decodeSegment, newId } from "@/lib/ids";
import { getVoucher } from "@/lib/vouchers/get";
import { htmlResponse, printView, signInRedirect } from "@/lib/vouchers/print-page";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ reservationUrn: string }> }): Promise<Response> {
  const user = await sessionUser();
  if (!user) return signInRedirect(new URL(req.url).pathname);
  const db = await getDb();
  const ctx = { db, principal: await consolePrincipal(db, user), requestId: newId() };
  try {
    return htmlResponse(printView(await getVoucher({ ctx, input: { reservationUrn: decodeSegment((await params).reservationUrn), format: "html" } })));
  } catch (err) {
    if (err instanceof DomainError) return new Response(`${err.message}\n`, { status: err.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw err;
  }
}
