import { FoldSection } from "@/components/console/fold-section";
import { Badge } from "@/components/ui/badge";
import type { Ctx } from "@/lib/context";
import { listCaseRideVouchers } from "@/lib/rides/list";
import { TAXI_REASON_WORDS } from "@/lib/transport/cancel-words";
import { capLabel, pickupLabel } from "@/lib/rides/words";

const TONE: Record<string, "muted" | "warning" | "success" | "destructive"> = { PENDING: "warning", ISSUED: "success", USED: "muted", CANCELLED: "muted", FAILED: "destructive" };

/**
 * The case page's taxi vouchers line: how many the case has and, per voucher, its status, why it
 * was owed, the pickup, the cap and what went wrong (the console speaks English). Nothing when the case has none.
 */
export async function CaseRides({ ctx, caseUrn, zone }: { ctx: Ctx; caseUrn: string; zone: string }) {
  const { items } = await listCaseRideVouchers({ ctx, input: { caseUrn } });
  if (items.length === 0) return null;
  return (
    <FoldSection title="Taxi vouchers" count={items.length} testId="case-rides" summary={rideSummary(items)}>
      <ul className="grid gap-1 text-sm">
        {items.map((r) => (
          <li key={r.urn} className="flex flex-wrap items-center gap-2" data-testid="case-ride">
            <Badge variant={TONE[r.status] ?? "muted"}>{r.status}</Badge>
            <span>
              <span className="font-medium" data-testid="case-ride-group">
                {r.pnr ?? "a group"}
                {r.passengerNames.length ? `: ${r.passengerNames.join(", ")}` : ""}
              </span>{" "}
              · {r.direction === "AIRPORT_TO_HOTEL" ? "To the hotel" : "To the airport"}
              {r.accessible ? " · wheelchair-accessible car" : ""} · {TAXI_REASON_WORDS[r.reason] ?? r.reason} · {r.passengers} pax · from {pickupLabel(r.pickupAt, zone, "en")} · up to {capLabel(r.maxAmount, r.currency, "en")}
              {r.code ? ` · ${r.code}` : ""}
              {r.usedAmount !== null ? ` · used ${capLabel(r.usedAmount, r.currency, "en")}` : ""}
            </span>
            {r.lastError ? <span className="text-muted-foreground">{r.lastError}</span> : null}
          </li>
        ))}
      </ul>
    </FoldSection>
  );
}

/** The folded line: vouchers by status ("3 issued · 1 failed"). */
function rideSummary(items: { status: string }[]): string {
  const by = new Map<string, number>();
  for (const r of items) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status.toLowerCase()}`).join(" · ");
}
