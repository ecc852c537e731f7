import { Mail, MessageSquare } from "lucide-react";
import Link from "next/link";
import { LocalTime } from "@/components/console/local-time";
import { StatusBadge } from "@/components/console/status-badge";
import { FoldSection } from "@/components/console/fold-section";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/roles";
import type { Ctx } from "@/lib/context";
import { countCaseMessages } from "@/lib/messages/count-case";
import { listCaseMessages } from "@/lib/messages/list-case";
import { KEPT_WORDS, KIND_WORDS } from "./words";
import { ResendMessageButton } from "./resend-button";

const RECEIPT_WORDS: Record<string, string> = { accepted: "accepted by the mail server", queued: "queued at the provider", sending: "sending", sent: "sent", delivered: "delivered to the phone", undelivered: "not delivered", failed: "failed" };

/** How many of a case's messages the section lists, newest first; the counts cover them all. */
export const CASE_MESSAGES_SHOWN = 200;

/**
 * The case page's "Messages" section: every email and SMS about the case with its delivery, the
 * passenger it was for (by name), the provider's receipts in time order and, for those who may,
 * a Resend with a reason. Recipients are masked unless the user is an ADMIN (the verb decides).
 * A big case lists its newest CASE_MESSAGES_SHOWN, says so, and links to the outbox filtered by case.
 */
export async function CaseMessages({ ctx, caseUrn, closed, drill, zone, hotels }: { ctx: Ctx; caseUrn: string; closed: boolean; drill: boolean; zone: string; hotels: Record<string, string> }) {
  const [{ items }, { total, failed }] = await Promise.all([listCaseMessages({ ctx, input: { caseUrn, limit: CASE_MESSAGES_SHOWN } }), countCaseMessages({ ctx, input: { caseUrn } })]);
  // kept mail is the night's usual surprise (no mail server): the summary says it before anyone opens the list
  const kept = items.filter((m) => m.status === "KEPT").length;
  const mayResend = hasPermission(ctx.principal.roles, "message:resend") && !closed;
  return (
    <FoldSection
      title="Messages"
      count={total}
      testId="case-messages"
      summary={
        <>
          {kept > 0 && `${kept} kept, not sent · `}
          {failed > 0 ? <Badge variant="destructive">{failed} failed</Badge> : "none failed"}
        </>
      }
    >
      {total > items.length && (
        <p className="text-sm text-muted-foreground" data-testid="case-messages-more">
          Showing the newest {items.length} of {total}.{" "}
          <Link href={`/outbox?case=${encodeURIComponent(caseUrn)}`} className="text-primary underline-offset-2 hover:underline">
            All of this case&apos;s messages in the outbox
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No message yet: each passenger with an email address or a phone number gets their voucher once their group&apos;s reservation is confirmed.</p>
      ) : (
        <Table stack data-testid="case-messages-table">
          <TableHeader>
            <TableRow>
              <TableHead>Channel</TableHead>
              <TableHead>Message</TableHead>
              <TableHead>To</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Receipts</TableHead>
              <TableHead className="sr-only">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((m) => {
              const what = KIND_WORDS[m.kind];
              const who = m.passenger?.name ?? "a passenger";
              return (
                <TableRow key={m.urn} data-testid="case-message" data-status={m.status} data-channel={m.channel}>
                  <TableCell data-label="Channel">
                    <span className="inline-flex items-center gap-1.5">
                      {m.channel === "SMS" ? <MessageSquare aria-hidden className="size-4" /> : <Mail aria-hidden className="size-4" />}
                      {m.channel === "SMS" ? "SMS" : "Email"}
                    </span>
                  </TableCell>
                  <TableCell data-key>
                    <div>{what}</div>
                    <div className="text-xs text-muted-foreground">
                      {m.reservationUrn && hotels[m.reservationUrn] ? `about ${hotels[m.reservationUrn]}` : null}
                      {m.resend > 0 ? ` · resend ${m.resend}${m.resendReason ? `: ${m.resendReason}` : ""}` : null}
                    </div>
                  </TableCell>
                  <TableCell data-wide>
                    <div data-testid="case-message-passenger">{who}</div>
                    <div className="font-mono text-xs text-muted-foreground" data-testid="case-message-recipient">{m.recipient}</div>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={m.status} testId="case-message-status" />
                    {m.status === "KEPT" && <div className="text-xs text-warning-foreground dark:text-warning" data-testid="case-message-kept">{drill ? "a drill's messages are never sent" : KEPT_WORDS[m.channel]}</div>}
                    {m.failure && m.status === "FAILED" && <div className="text-xs text-destructive" data-testid="case-message-failure">{m.failure}</div>}
                    {m.attempts > 1 && <div className="text-xs text-muted-foreground">{m.attempts} attempts</div>}
                  </TableCell>
                  <TableCell data-wide>
                    <ol className="grid gap-0.5 text-xs" aria-label="Receipts">
                      <li>
                        written <LocalTime at={m.createdAt} zone={zone} />
                      </li>
                      {m.receipts.map((r, i) => (
                        <li key={i}>
                          {RECEIPT_WORDS[r.status] ?? r.status}
                          {r.code ? ` (${r.code})` : ""} <LocalTime at={r.at} zone={zone} />
                        </li>
                      ))}
                    </ol>
                  </TableCell>
                  <TableCell className="text-right">
                    {mayResend && m.status !== "QUEUED" && <ResendMessageButton messageUrn={m.urn} what={`${what} to ${who}`} to={m.recipient} />}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </FoldSection>
  );
}
