import { Mail, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { shortUrn } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { airportTimeZones } from "@/lib/cases/airports";
import { PageHeader } from "@/components/console/page-header";
import { StatusBadge } from "@/components/console/status-badge";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { sessionCtx } from "@/lib/auth/session-ctx";
import { decodeSegment, isUrn } from "@/lib/ids";
import { getOutboxMessage, listOutbox } from "@/lib/notifications";
import { smtpUrl } from "@/lib/notifications/smtp";
import { MESSAGE_STATUSES, MessageStatus } from "@/lib/vocabulary";

export const metadata: Metadata = { title: "Outbox" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const STATUS_TEXT: Record<MessageStatus, string> = {
  QUEUED: "waiting to be sent",
  SENT: "accepted by the mail server or the SMS provider",
  DELIVERED: "delivered: the SMS provider's receipt says it reached the phone",
  FAILED: "refused or out of retries",
  KEPT: "kept here, not sent: no mail server (SMTP_URL) was configured, or a drill's mail",
};

/**
 * Every message the service wrote (vouchers, cancellations), with its delivery state. Without
 * SMTP_URL nothing leaves the server and the messages are read here instead (status KEPT).
 */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  const status = MessageStatus.safeParse(first(sp.status)?.toUpperCase()).data;
  const previewUrn = decodeSegment(first(sp.preview) ?? "");
  const [items, preview] = await Promise.all([
    listOutbox({ ctx, input: { status, limit: 200 } }),
    isUrn(previewUrn, "email") ? getOutboxMessage({ ctx, input: { urn: previewUrn } }) : Promise.resolve(null),
  ]);
  const zones = await airportTimeZones(ctx, items.map((m) => m.airport));
  const href = (q: Record<string, string | undefined>) => {
    const entries: [string, string | undefined][] = [["status", status], ...Object.entries(q)];
    const params = new URLSearchParams(entries.filter((e): e is [string, string] => !!e[1]));
    return `/outbox${params.size ? `?${params}` : ""}`;
  };

  return (
    <>
      <PageHeader
        title="Outbox"
        description="Emails to passengers: vouchers with their link, and cancellations. Each is sent at most once per recipient and kind; transient failures are retried."
      />
      {!smtpUrl() && (
        <Alert variant="warning" className="mb-4" data-testid="outbox-no-mail-server">
          <TriangleAlert aria-hidden />
          <AlertTitle>No mail server configured: nothing is sent</AlertTitle>
          <AlertDescription>
            Messages are kept here (state &ldquo;kept&rdquo;) and passengers receive nothing. Set SMTP_URL (docs/configuration.md); kept mail is then sent by the delivery sweep.
          </AlertDescription>
        </Alert>
      )}
      <nav aria-label="Filter by delivery state" className="mb-4 flex flex-wrap gap-2 text-sm" data-testid="outbox-filters">
        {[undefined, ...MESSAGE_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            href={s ? `/outbox?status=${s}` : "/outbox"}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-md border px-2.5 py-1 ${s === status ? "bg-primary text-primary-foreground" : "hover:bg-muted"}`}
          >
            {s ? s.toLowerCase() : "all"}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <EmptyState icon={Mail} title={status ? `No ${status.toLowerCase()} messages` : "No messages yet"} testId="outbox-empty">
          <p>A voucher email is written for each passenger with an email address when their group&apos;s reservation is confirmed.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Table data-testid="outbox-table">
            <TableHeader>
              <TableRow>
                <TableHead>State</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Recipient</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Written</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((m) => (
                <TableRow key={m.urn} data-testid="outbox-row" aria-selected={m.urn === previewUrn}>
                  <TableCell title={STATUS_TEXT[m.status]}>
                    <StatusBadge status={m.status} />
                    <span className="sr-only">: {STATUS_TEXT[m.status]}</span>
                  </TableCell>
                  <TableCell>{m.kind.toLowerCase()}</TableCell>
                  <TableCell className="font-mono text-xs">{m.to}</TableCell>
                  <TableCell>
                    <Link href={href({ preview: m.urn })} className="text-primary underline-offset-2 hover:underline">
                      {m.subject}
                    </Link>
                    {m.lastError ? <div className="text-xs text-destructive">{m.lastError}</div> : null}
                  </TableCell>
                  <TableCell>{m.attempts}</TableCell>
                  <TableCell className="whitespace-nowrap text-xs">
                    <LocalTime at={m.createdAt} zone={zones[m.airport ?? ""] ?? null} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Card data-testid="outbox-preview">
            <CardHeader>
              <CardTitle>{preview ? preview.subject : "Preview"}</CardTitle>
              <CardDescription>{preview ? `To ${preview.to} · ${shortUrn(preview.urn)}` : "Pick a message to read it as the passenger will."}</CardDescription>
            </CardHeader>
            {preview ? (
              <CardContent>
                {/* the stored HTML, sandboxed: no scripts, no navigation out of the console */}
                <iframe title={`Email ${preview.subject}`} srcDoc={preview.html} sandbox="" className="h-[900px] w-full rounded-md border bg-white" />
              </CardContent>
            ) : null}
          </Card>
        </div>
      )}
    </>
  );
}
