import { Mail, MessageSquare, TriangleAlert } from "lucide-react";
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
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { decodeSegment, urnKind } from "@/lib/ids";
import { getOutboxMessage, listOutbox } from "@/lib/messages/outbox";
import { noServerReason } from "@/lib/messages/channels";
import { noServerWords } from "@/lib/messages/no-server-words";
import { smtpUrl } from "@/lib/messages/smtp";
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, MessageChannel, MessageStatus } from "@/lib/vocabulary";

export const metadata: Metadata = { title: "Outbox" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const STATUS_TEXT: Record<MessageStatus, string> = {
  QUEUED: "waiting to be sent",
  SENT: "accepted by the mail server or the SMS provider",
  DELIVERED: "delivered: the SMS provider's receipt says it reached the phone",
  FAILED: "refused or out of retries",
  KEPT: "kept here, not sent: no mail server or SMS provider is configured, or a drill's message",
};

/**
 * Every message the service wrote (vouchers, cancellations, …), email and SMS, with its delivery
 * state. Without SMTP_URL (SMS_URL) nothing leaves the server on that channel and the messages are
 * read here instead (status KEPT).
 */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await sessionCtx();
  // the setting to set is for whoever may set it (an admin); the night shift is told whom to tell
  const canConfigure = hasPermission(ctx.principal.roles, "settings:write");
  const sp = await searchParams;
  const status = MessageStatus.safeParse(first(sp.status)?.toUpperCase()).data;
  const channel = MessageChannel.safeParse(first(sp.channel)?.toUpperCase()).data;
  const previewUrn = decodeSegment(first(sp.preview) ?? "");
  // ?case=<urn>: one case's messages, from the case page's "showing the newest 200 of N"
  const caseUrn = urnKind(first(sp.case) ?? "") === "case" ? first(sp.case) : undefined;
  const [items, preview] = await Promise.all([
    listOutbox({ ctx, input: { status, channel, caseUrn, limit: 200 } }),
    urnKind(previewUrn) ? getOutboxMessage({ ctx, input: { urn: previewUrn } }) : Promise.resolve(null),
  ]);
  const zones = await airportTimeZones(ctx, items.map((m) => m.airport));
  const href = (q: Record<string, string | undefined>) => {
    // a key in q replaces the current filter's (undefined: drops it)
    const entries = Object.entries({ status, channel, case: caseUrn, ...q });
    const params = new URLSearchParams(entries.filter((e): e is [string, string] => !!e[1]));
    return `/outbox${params.size ? `?${params}` : ""}`;
  };

  return (
    <>
      <PageHeader
        title="Outbox"
        description="Emails and text messages to passengers: vouchers with their link, changes and cancellations. Each is sent at most once per recipient and kind (an operator's resend is a new message); transient failures are retried."
      />
      {!smtpUrl() && (
        <Alert variant="warning" className="mb-4" data-testid="outbox-no-mail-server">
          <TriangleAlert aria-hidden />
          <AlertTitle>No mail server configured: nothing is sent</AlertTitle>
          <AlertDescription>
            Messages are kept here (state &ldquo;kept&rdquo;) and passengers receive nothing ({noServerWords(["mail"], canConfigure)}). Kept mail is sent by the delivery sweep once a
            mail server is set.
          </AlertDescription>
        </Alert>
      )}
      {noServerReason("SMS") && (
        <p className="mb-4 text-sm text-muted-foreground" data-testid="outbox-no-sms-provider">
          Text messages are kept here, not sent ({noServerWords(["sms"], canConfigure)}).
        </p>
      )}
      {caseUrn && (
        <p className="mb-2 text-sm" data-testid="outbox-case">
          Messages about case <Link href={`/cases/${encodeURIComponent(caseUrn)}`} className="font-mono text-primary underline-offset-2 hover:underline">{shortUrn(caseUrn)}</Link> only ·{" "}
          <Link href={href({ case: undefined })} className="text-primary underline-offset-2 hover:underline">
            every case
          </Link>
        </p>
      )}
      <nav aria-label="Filter by channel" className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="outbox-channels">
        {[undefined, ...MESSAGE_CHANNELS].map((c) => (
          <Link
            key={c ?? "all"}
            href={href({ channel: c })}
            aria-current={c === channel ? "page" : undefined}
            className={`rounded-md border px-2.5 py-1 ${c === channel ? "bg-primary text-primary-foreground" : "hover:bg-muted"}`}
          >
            {c === "EMAIL" ? "email" : c === "SMS" ? "SMS" : "every channel"}
          </Link>
        ))}
      </nav>
      <nav aria-label="Filter by delivery state" className="mb-4 flex flex-wrap gap-2 text-sm" data-testid="outbox-filters">
        {[undefined, ...MESSAGE_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            href={href({ status: s })}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-md border px-2.5 py-1 ${s === status ? "bg-primary text-primary-foreground" : "hover:bg-muted"}`}
          >
            {s ? s.toLowerCase() : "all"}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <EmptyState icon={Mail} title={status || channel ? `No ${status ? status.toLowerCase() + " " : ""}${channel === "SMS" ? "text " : channel === "EMAIL" ? "email " : ""}messages` : "No messages yet"} testId="outbox-empty">
          <p>A voucher email is written for each passenger with an email address when their group&apos;s reservation is confirmed.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Table data-testid="outbox-table">
            <TableHeader>
              <TableRow>
                <TableHead>State</TableHead>
                <TableHead>Channel</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Passenger</TableHead>
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
                  <TableCell data-testid="outbox-channel">
                    <span className="inline-flex items-center gap-1">
                      {m.channel === "SMS" ? <MessageSquare aria-hidden className="size-3.5" /> : <Mail aria-hidden className="size-3.5" />}
                      {m.channel === "SMS" ? "SMS" : "email"}
                    </span>
                  </TableCell>
                  <TableCell>{m.kind.replaceAll("_", " ").toLowerCase()}</TableCell>
                  <TableCell data-testid="outbox-recipient">
                    <div className="text-sm">
                      {m.passengerName ?? (m.kind === "CAPACITY_CALL" ? "a hotel" : "—")}
                      {m.flightNumber && <span className="ml-1 font-mono text-xs text-muted-foreground">· {m.flightNumber}</span>}
                    </div>
                    <div className="font-mono text-xs text-muted-foreground">{m.to}</div>
                  </TableCell>
                  <TableCell>
                    <Link href={href({ preview: m.urn })} className="text-primary underline-offset-2 hover:underline">
                      {m.subject || (m.channel === "SMS" ? "text message" : "(no subject)")}
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
              <CardTitle>{preview ? preview.subject || (preview.channel === "SMS" ? "Text message" : "(no subject)") : "Preview"}</CardTitle>
              <CardDescription>{preview ? `To ${preview.to} · ${shortUrn(preview.urn)}` : "Pick a message to read it as the passenger will."}</CardDescription>
            </CardHeader>
            {preview?.channel === "SMS" ? (
              <CardContent>
                {/* an SMS is its text, as the phone shows it */}
                <p className="whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm" data-testid="outbox-sms-text">
                  {preview.text}
                </p>
              </CardContent>
            ) : preview ? (
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
