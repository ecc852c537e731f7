// GET /v/{token}/voucher – the passenger's voucher as issued, behind the same signed, expiring link as the page (no sign-in)
import { getDb } from "@/db/client";
import { passengerVoucherPage } from "@/lib/vouchers/passenger";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { status, html, headers } = await passengerVoucherPage(await getDb(), (await params).token);
  return new Response(html, {
    status,
    headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" },
  });
}
