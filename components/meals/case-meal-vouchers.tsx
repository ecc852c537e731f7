import { Utensils } from "lucide-react";
import { formatMoney } from "@/components/console/format";
import { Badge } from "@/components/ui/badge";
import type { Ctx } from "@/lib/context";
import { listCaseMealVouchers } from "@/lib/meals/list-case";
import { NO_ISSUER } from "@/lib/peers/meals/settings";
import { airportTimeZone } from "@/lib/cases/airports";
import { loadCase } from "@/lib/cases/load";
import { waitingMealWords } from "./meal-waiting";

/**
 * The case page's "Meal vouchers" line: how many were issued, spent, cancelled, failed or wait, and
 * what they cost by currency; when they wait because no issuer is configured, it says so in plain
 * words, and the waiting ones say when they fall due and why (airport time). Nothing for a case
 * that owes no meals.
 */
export async function CaseMealVouchers({ ctx, caseUrn }: { ctx: Ctx; caseUrn: string }) {
  const { items, totals } = await listCaseMealVouchers({ ctx, input: { caseUrn } });
  if (items.length === 0) return null;
  const noIssuer = items.some((i) => i.status === "PENDING" && i.lastError === NO_ISSUER);
  const failed = items.filter((i) => i.status === "FAILED");
  const kase = totals.pending > 0 ? await loadCase(ctx, caseUrn) : null;
  const waiting = kase ? waitingMealWords(items, { now: new Date(), zone: await airportTimeZone(ctx, kase.airport), scheduledDeparture: kase.flight.scheduledDeparture }) : [];
  const cost = Object.entries(totals.cost).map(([currency, amount]) => formatMoney({ amount, currency }));
  return (
    <section className="mb-6 flex flex-wrap items-center gap-2 text-sm" aria-label="Meal vouchers" data-testid="case-meal-vouchers">
      <h2 className="flex items-center gap-1 font-semibold">
        <Utensils className="size-4" aria-hidden /> Meal vouchers
      </h2>
      <span data-testid="meal-counts">
        {totals.issued + totals.redeemed} issued · {totals.redeemed} redeemed · {totals.cancelled} cancelled
        {totals.pending > 0 && ` · ${totals.pending} waiting`}
      </span>
      {waiting.length > 0 && (
        <span className="text-muted-foreground" data-testid="meal-waiting">
          {waiting.join("; ")}
        </span>
      )}
      <span className="text-muted-foreground" data-testid="meal-cost">
        cost {cost.length ? cost.join(" + ") : "—"}
      </span>
      {failed.length > 0 && (
        <Badge variant="destructive" title={failed[0].lastError ?? undefined}>
          {failed.length} refused by the issuer
        </Badge>
      )}
      {noIssuer && (
        <Badge variant="warning" data-testid="meal-no-issuer">
          Not issued: no meal voucher issuer configured (set MEALS_URL).
        </Badge>
      )}
    </section>
  );
}
