import { ArrowLeft, MapPinOff, Printer } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/console/empty-state";
import { PageHeader } from "@/components/console/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { sessionCtx } from "@/lib/console/session-ctx";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { getVoucher } from "@/lib/vouchers/get";

export const metadata: Metadata = { title: "Voucher" };

/**
 * A reservation's voucher as the passengers and the hotel see it, with its plain-text rendition
 * and a print view. The stored HTML is shown in a sandboxed frame: it is the exact bytes served
 * by the API and mailed to passengers.
 */
export default async function VoucherPage({ params, searchParams }: { params: Promise<{ reservationUrn: string }>; searchParams: Promise<{ view?: string }> }) {
  const ctx = await sessionCtx();
  const urn = decodeSegment((await params).reservationUrn);
  if (!isUrn(urn, "reservation")) notFound();
  const asText = (await searchParams).view === "text";
  let body: string;
  try {
    body = await getVoucher({ ctx, input: { reservationUrn: urn, format: asText ? "text" : "html" } });
  } catch (err) {
    if (err instanceof DomainError && err.status === 404) notFound();
    if (err instanceof DomainError && err.status === 403) {
      return (
        <EmptyState icon={MapPinOff} title="This voucher is outside your airports" testId="voucher-out-of-scope">
          <p>{err.message}</p>
          <div className="mt-3">
            <Button asChild variant="outline">
              <Link href="/cases" data-testid="voucher-out-of-scope-back">
                <ArrowLeft className="size-4" aria-hidden /> Back to your cases
              </Link>
            </Button>
          </div>
        </EmptyState>
      );
    }
    throw err;
  }
  const base = `/vouchers/${encodeURIComponent(urn)}`;
  return (
    <>
      <PageHeader
        title="Voucher"
        description="What the guests show at the front desk. The same bytes are served by the API and sent by email."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link href={asText ? base : `${base}?view=text`} data-testid="voucher-toggle">
                {asText ? "Show as HTML" : "Show as plain text"}
              </Link>
            </Button>
            <Button asChild size="sm">
              <a href={`${base}/print`} target="_blank" rel="noopener" data-testid="voucher-print">
                <Printer className="size-4" aria-hidden /> Print view
              </a>
            </Button>
          </>
        }
      />
      <div className="mb-3">
        <Button asChild variant="ghost" size="sm">
          <Link href="/cases">
            <ArrowLeft className="size-4" aria-hidden /> Cases
          </Link>
        </Button>
      </div>
      <Card>
        <CardContent className="pt-6">
          {asText ? (
            <pre className="whitespace-pre-wrap text-sm" data-testid="voucher-text">
              {body}
            </pre>
          ) : (
            <iframe title="Voucher" srcDoc={body} sandbox="" className="h-[1100px] w-full rounded-md border bg-white" data-testid="voucher-frame" />
          )}
        </CardContent>
      </Card>
    </>
  );
}
