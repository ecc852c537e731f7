import { AlarmClock, ArrowDown, ArrowUp, CircleAlert, CircleCheck, CircleDashed, CircleDot, Clock, type LucideIcon, Minus, OctagonAlert, Timer } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { type Priority, priorityTone, type SlaState, slaState, slaTone, statusTone, type Tone, TONE_VARIANT } from "./urgency";
import { formatSla, slaDueTitle } from "./format";

// an icon per tone, so the badge reads without its colour
const TONE_ICON: Record<Tone, LucideIcon> = {
  urgent: OctagonAlert,
  attention: CircleAlert,
  active: CircleDot,
  done: CircleCheck,
  over: Minus,
  draft: CircleDashed,
};

const words = (s: string) => s.replaceAll("_", " ").toLowerCase();

/** A record's status in the console's one colour language (components/console/urgency.ts). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const tone = statusTone(status);
  const Icon = TONE_ICON[tone];
  return (
    <Badge variant={TONE_VARIANT[tone]} data-testid={testId} data-tone={tone} title={status}>
      <Icon aria-hidden />
      {words(status)}
    </Badge>
  );
}

const PRIORITY_ICON: Record<Priority, LucideIcon> = { HIGH: ArrowUp, MEDIUM: Minus, LOW: ArrowDown };

/** HIGH red with an up arrow, MEDIUM amber, LOW slate with a down arrow. */
export function PriorityBadge({ priority, testId }: { priority: Priority; testId?: string }) {
  const tone = priorityTone(priority);
  const Icon = PRIORITY_ICON[priority];
  return (
    <Badge variant={TONE_VARIANT[tone]} data-testid={testId} data-tone={tone} title={`${words(priority)} priority`}>
      <Icon aria-hidden />
      {words(priority)}
    </Badge>
  );
}

const SLA_ICON: Record<SlaState, LucideIcon> = { overdue: AlarmClock, "due-soon": Timer, ok: Clock, none: Minus };

/**
 * When a review item's SLA falls due, in the console's one SLA wording (formatSla): "overdue by
 * 12 min" in red, "due in 9 min" in amber, else the time left; the due time in the item's airport's
 * zone on hover.
 */
export function SlaBadge({ item, now, testId, zone }: { item: { slaDueAt: string | null; state?: string; overdue?: boolean }; now: Date; testId?: string; zone?: string | null }) {
  const state = slaState(item, now);
  if (state === "none") return <span className="text-muted-foreground" data-testid={testId} data-sla="none">—</span>;
  const tone = slaTone(state);
  const Icon = SLA_ICON[state];
  const { text } = formatSla(item.slaDueAt, now, { flagged: item.overdue });
  return (
    <Badge variant={state === "ok" ? "outline" : TONE_VARIANT[tone]} data-testid={testId} data-sla={state} title={slaDueTitle(item.slaDueAt, zone)}>
      <Icon aria-hidden />
      {text}
    </Badge>
  );
}
