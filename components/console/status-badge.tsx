import { Badge, type BadgeVariant } from "@/components/ui/badge";

// One colour language for every status in the console: green done, blue in motion,
// amber waiting on a person, red failed, grey finished or inert.
const VARIANTS: Record<string, BadgeVariant> = {
  // cases
  OPEN: "info",
  ALLOCATING: "info",
  BOOKING: "info",
  ACCOMMODATED: "success",
  MANUAL_REVIEW: "warning",
  CLOSED: "muted",
  REOPENED: "info",
  // demand
  REQUESTED: "warning",
  APPROVED: "info",
  FULFILLED: "success",
  PARTIAL: "warning",
  REJECTED: "muted",
  // policies
  DRAFT: "outline",
  ACTIVE: "success",
  ARCHIVED: "muted",
  // reservations, review, segments
  PENDING: "info",
  CONFIRMED: "success",
  CHECKED_OUT: "muted",
  CANCELLED: "muted",
  FAILED: "destructive",
  CLAIMED: "info",
  RESOLVED: "success",
  // allocation waves
  COMPLETE: "success",
  SUPERSEDED: "muted",
  // jobs
  QUEUED: "muted",
  RUNNING: "info",
  SLEEPING: "secondary",
  RETRYING: "warning",
  COMPLETED: "success",
  // tokens
  EXPIRED: "muted",
  REVOKED: "destructive",
};

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <Badge variant={VARIANTS[status] ?? "outline"} data-testid={testId} title={status}>
      {status.replaceAll("_", " ").toLowerCase()}
    </Badge>
  );
}
