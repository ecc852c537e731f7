import { Inbox } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/console/empty-state";
import { PageHeader } from "@/components/console/page-header";
import { sessionCtx } from "@/lib/auth/session-ctx";

export const metadata: Metadata = { title: "Review queue" };

export default async function ReviewQueuePage() {
  await sessionCtx();
  return (
    <>
      <PageHeader
        title="Review queue"
        description="Everything automation could not resolve: groups no compliant hotel could take, bookings every hotel refused, payment failures, mixed-tier groups, incomplete manifests."
      />
      <EmptyState icon={Inbox} title="The review queue arrives with the manual review feature" testId="review-empty">
        <p>
          Open items will be listed here by priority (high first) and age, with their SLA clock. You will claim an item so no one else works on it, see
          what was attempted and the agent&apos;s recommendations, then rebook, relax the policy for that case, split the group or override, and resolve it
          with a reason.
        </p>
        <p>Until then, cases that need a person show the status “manual review” in the case list.</p>
      </EmptyState>
    </>
  );
}
