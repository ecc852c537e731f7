import { BarChart3 } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/console/empty-state";
import { PageHeader } from "@/components/console/page-header";
import { sessionCtx } from "@/lib/auth/session-ctx";

export const metadata: Metadata = { title: "Reports" };

export default async function ReportsPage() {
  await sessionCtx();
  return (
    <>
      <PageHeader title="Reports" description="Weekly operations reports over closed review items." />
      <EmptyState icon={BarChart3} title="Reports arrive with the reporting feature" testId="reports-empty">
        <p>
          Each week&apos;s report will show here: items by category, mean time to resolve, the share resolved by accepting the agent&apos;s
          recommendation, and the policies and hotel providers that fail most often.
        </p>
      </EmptyState>
    </>
  );
}
