"use client";

import { RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";

export function GenerateReportButton({ generate }: { generate: (weekOf?: string) => Promise<ActionResult<{ urn: string }>> }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      variant="outline"
      disabled={pending}
      data-testid="report-generate"
      onClick={() =>
        start(async () => {
          const res = await generate();
          if ("error" in res) return void toast.error("No report computed", { description: res.error.message });
          toast.success("Last week's report computed");
          router.push(`/reports?report=${encodeURIComponent(res.data.urn)}`);
        })
      }
    >
      <RefreshCw aria-hidden /> Compute last week
    </Button>
  );
}
