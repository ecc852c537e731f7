"use client";

import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useWatch } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { policyHref } from "@/lib/policies/href";
import type { PolicyFormValues } from "./form-values";
import { type ActiveContext, overlapsOf } from "./overlap";

/** Under the new-policy form's context: which ACTIVE policies the one being written would meet. */
export function OverlapWarning({ active }: { active: ActiveContext[] }) {
  const [context, tiers] = useWatch<PolicyFormValues, ["context", "tiers"]>({ name: ["context", "tiers"] });
  const overlaps = overlapsOf({ context: context ?? {}, tiers: tiers ?? [] }, active);
  if (overlaps.length === 0) return null;
  return (
    <Alert variant="warning" className="mt-4" data-testid="policy-overlap-warning">
      <TriangleAlert aria-hidden />
      <AlertTitle>This context already has an active policy</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {overlaps.map((o) => (
            <li key={o.urn}>
              <Link href={policyHref(o.urn)} className="font-medium text-primary hover:underline">
                “{o.name}” v{o.version}
              </Link>{" "}
              {o.sameTiers
                ? "covers the same tiers: this policy becomes its next version, and activating it archives that one."
                : `also covers ${o.sharedTiers.map((t) => t.replaceAll("_", " ").toLowerCase()).join(", ")}: both would stay active for those tiers. Consider a new version of it instead.`}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
