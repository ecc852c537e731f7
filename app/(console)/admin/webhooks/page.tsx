import type { Metadata } from "next";
import { PageHeader } from "@/components/console/page-header";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DisableButton, NewSubscription, RedeliverButton } from "@/components/webhooks/webhook-controls";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { listDeliveries, listSubscriptions, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks";
import { createSubscriptionAction, disableSubscriptionAction, redeliverAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

const STATUS_VARIANT = { DELIVERED: "secondary", PENDING: "outline", FAILED: "destructive", NO_CHANNEL: "outline" } as const;
const time = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 19) + "Z" : "—");

export default async function WebhooksPage() {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "admin")) return null;
  const [subs, deliveries] = await Promise.all([listSubscriptions({ ctx, input: { limit: 100 } }), listDeliveries({ ctx, input: { limit: 100 } })]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed events to your airline's systems, and the pages of SLA breaches to on-call. Deliveries are retried with backoff for about four hours; a failed one can be sent again."
        actions={<NewSubscription create={createSubscriptionAction} events={WEBHOOK_EVENT_TYPES} />}
      />
      <h2 className="mb-2 text-sm font-semibold">Subscriptions</h2>
      <Table data-testid="webhook-subscriptions">
        <TableHeader>
          <TableRow>
            <TableHead>URL</TableHead>
            <TableHead>Events</TableHead>
            <TableHead>Airports</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {subs.items.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="text-muted-foreground">No subscriptions yet.</TableCell>
            </TableRow>
          )}
          {subs.items.map((s) => (
            <TableRow key={s.urn}>
              <TableCell className="font-mono text-xs">{s.url}{s.description ? <div className="font-sans text-muted-foreground">{s.description}</div> : null}</TableCell>
              <TableCell className="text-xs">{s.events.join(", ")}</TableCell>
              <TableCell className="text-xs">{s.airports.includes("*") ? "All" : s.airports.join(", ")}</TableCell>
              <TableCell><Badge variant={s.status === "ACTIVE" ? "secondary" : "outline"}>{s.status}</Badge></TableCell>
              <TableCell className="text-xs">{time(s.createdAt)}</TableCell>
              <TableCell>{s.status === "ACTIVE" && <DisableButton urn={s.urn} disable={disableSubscriptionAction} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <h2 className="mt-6 mb-2 text-sm font-semibold">Delivery log</h2>
      <Table data-testid="webhook-deliveries">
        <TableHeader>
          <TableRow>
            <TableHead>Created</TableHead>
            <TableHead>Event</TableHead>
            <TableHead>About</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Attempts</TableHead>
            <TableHead>Last answer</TableHead>
            <TableHead>Next retry</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.items.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} className="text-muted-foreground">Nothing delivered yet.</TableCell>
            </TableRow>
          )}
          {deliveries.items.map((d) => (
            <TableRow key={d.urn} data-testid="webhook-delivery">
              <TableCell className="text-xs">{time(d.createdAt)}</TableCell>
              <TableCell className="text-xs">{d.channel === "ALERTING" ? `page · ${d.eventType}` : d.eventType}</TableCell>
              <TableCell className="font-mono text-xs">{d.subjectUrn ?? "—"}</TableCell>
              <TableCell><Badge variant={STATUS_VARIANT[d.status]}>{d.status}</Badge></TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell className="text-xs">{d.lastStatusCode ?? d.lastError ?? "—"}</TableCell>
              <TableCell className="text-xs">{time(d.nextRetryAt)}</TableCell>
              <TableCell>{d.status !== "PENDING" && <RedeliverButton urn={d.urn} redeliver={redeliverAction} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
