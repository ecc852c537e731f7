"use client";

import { TriangleAlert } from "lucide-react";
import { EmptyState } from "@/components/console/empty-state";
import { Button } from "@/components/ui/button";

/** A page that failed to render: say so plainly, offer a retry, never show the raw error. */
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <EmptyState icon={TriangleAlert} title="This page could not be loaded" testId="page-error">
      <p>Nothing was changed. Try again; if it keeps failing, tell the on-call engineer{error.digest ? ` and quote ${error.digest}` : ""}.</p>
      <div className="mt-3">
        <Button onClick={reset}>Try again</Button>
      </div>
    </EmptyState>
  );
}
