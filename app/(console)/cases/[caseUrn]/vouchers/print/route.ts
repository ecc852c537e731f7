// GET /cases/{caseUrn}/vouchers/print – every voucher of the case, one per printed page, opening the print dialog (console session)
import { consolePrincipal, sessionUser } from "@/lib/console/session-ctx";
import { getDb } from "@/db/client";
import { DomainError } from "@/lib/errors";
import { decodeSegment, newId } from "@/lib/ids";
import { caseVouchers } from "@/lib/vouchers/case-vouchers";
import { htmlResponse, printAllView, signInRedirect } from "@/lib/vouchers/print-page";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ caseUrn: string }> }): Promise<Response> {
  const user = await sessionUser();
  if (!user) return signInRedirect(new URL(req.url).pathname);
  const db = await getDb();
  const ctx = { db, principal: await consolePrincipal(db, user), requestId: newId() };
  try {
    const found = await caseVouchers({ ctx, input: { caseUrn: decodeSegment((await params).caseUrn) } });
    if (found.vouchers.length === 0) return new Response(`No confirmed or checked-out reservation of ${found.flightNumber} has a voucher yet.\n`, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    return htmlResponse(printAllView(`Vouchers ${found.flightNumber}`, found.vouchers.map((v) => v.html)));
  } catch (err) {
    if (err instanceof DomainError) return new Response(`${err.message}\n`, { status: err.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw err;
  }
}
