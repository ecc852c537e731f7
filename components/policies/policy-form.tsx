"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, Save } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { createPolicyAction, updatePolicyAction } from "@/app/(console)/policies/actions";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerErrors, Form } from "@/components/ui/form";
import { toast } from "@/components/ui/toaster";
import { AMENITIES, PAYMENT_METHODS, type Policy, PolicyInput, PROVIDERS, TIERS, TRANSPORT_MODES } from "@/lib/policies/schemas";
import { CheckboxField, CheckboxGroupField, ListField, NumberField, PerTierField, SelectField, TextField } from "./fields";
import type { PolicyFormValues } from "./form-values";
import type { ActiveContext } from "./overlap";
import { OverlapWarning } from "./overlap-warning";

const label = (v: string) => v.replaceAll("_", " ").toLowerCase().replace(/^./, (c) => c.toUpperCase());
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: label(v) }));
const PROVIDER_LABELS: Record<string, string> = { EXPEDIA_RAPID: "Expedia Rapid", HOTELBEDS: "Hotelbeds", DIRECT: "Direct contracts" };

export type PolicyFormMode =
  /** a new policy, any context */
  | { kind: "create" }
  /** a DRAFT edited in place */
  | { kind: "edit"; policy: Policy }
  /** the next version of an ACTIVE or ARCHIVED policy's context, created as a DRAFT */
  | { kind: "new-version"; policy: Policy };

/**
 * The policy form. It validates with the API's own PolicyInput schema, so what the form accepts
 * the API accepts; the server's refusals (an unknown airport, a country that does not match)
 * come back onto the fields they concern.
 */
export function PolicyForm({
  mode,
  defaultValues,
  active = [],
  returnTo = "/policies",
}: {
  mode: PolicyFormMode;
  defaultValues: PolicyFormValues;
  /** the tenant's ACTIVE policies, to warn when a new one overlaps one of them */
  active?: ActiveContext[];
  /** the policies list to go back to, with the filters it had */
  returnTo?: string;
}) {
  const router = useRouter();
  const form = useForm<PolicyFormValues, unknown, PolicyInput>({ resolver: zodResolver(PolicyInput), defaultValues, mode: "onTouched" });
  const fixedContext = mode.kind !== "create";
  const [airport, country, payments] = useWatch({ control: form.control, name: ["context.airport", "context.country", "acceptedPayments"] });
  const currencyApplies = !airport && !country;
  const cardAccepted = (payments ?? []).includes("CARD");

  async function onSubmit(values: PolicyInput) {
    const payload: PolicyInput = {
      ...values,
      currency: currencyApplies ? values.currency : undefined,
      cardToken: cardAccepted ? values.cardToken : null,
    };
    const res = mode.kind === "edit" ? await updatePolicyAction(mode.policy.urn, payload) : await createPolicyAction(payload);
    if ("error" in res) {
      applyServerErrors(form, res.error);
      toast.error("The policy was not saved", { description: res.error.message });
      return;
    }
    toast.success(mode.kind === "edit" ? `Draft v${res.data.version} saved` : `Draft v${res.data.version} created`, {
      description: "It has no effect until it is activated.",
    });
    router.push(returnTo);
    router.refresh();
  }

  const errors = form.formState.errors;
  const errorCount = Object.keys(errors).filter((k) => k !== "root").length;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4" data-testid="policy-form">
        {(errors.root?.server || (form.formState.isSubmitted && errorCount > 0)) && (
          <Alert variant="destructive" data-testid="policy-form-error">
            <CircleAlert aria-hidden />
            <AlertTitle>{errors.root?.server?.message ?? "Some fields need attention"}</AlertTitle>
            <AlertDescription>The fields concerned are marked below.</AlertDescription>
          </Alert>
        )}

        <Section title="Name and context" description="Where the policy applies. Leave a field empty to match any value; all empty makes a global policy.">
          <div className="grid gap-4 md:grid-cols-4">
            <TextField name="name" label="Name" className="md:col-span-4" placeholder="e.g. CDG economy overnight" />
            <TextField name="context.airport" label="Airport" placeholder="Any" mono emptyIsNull disabled={fixedContext} />
            <TextField name="context.airline" label="Airline" placeholder="Any" mono emptyIsNull disabled={fixedContext} />
            <TextField name="context.country" label="Country" placeholder="Any" mono emptyIsNull disabled={fixedContext} />
            {currencyApplies && <TextField name="currency" label="Currency" placeholder="EUR" mono description="Only for a context without airport or country." />}
          </div>
          <CheckboxGroupField name="tiers" label="Tiers" options={options(TIERS)} disabled={fixedContext} className="mt-4" />
          {mode.kind === "create" && <OverlapWarning active={active} />}
          {fixedContext && (
            <p className="mt-3 text-xs text-muted-foreground">
              Context and tiers identify the versions of a policy and cannot change. For another context, <Link href="/policies/new" className="text-primary underline">create a new policy</Link>.
            </p>
          )}
        </Section>

        <Section title="Hotels" description="Gates: a hotel failing one is never offered.">
          <div className="grid gap-4 md:grid-cols-4">
            <SelectField name="constraints.minStars" label="Minimum stars" numeric options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} ★` }))} />
            <NumberField name="constraints.maxDistanceKm" label="Maximum distance" suffix="km" step={0.5} min={0} />
            <NumberField name="constraints.maxNightlyRate" label="Maximum nightly rate" nullable step={1} min={0} description="Per room; empty: no ceiling." />
            <NumberField
              name="constraints.minQuality"
              label="Minimum stay quality"
              nullable
              step={0.1}
              min={1}
              max={5}
              suffix="/ 5"
              description="Hotels whose guests' mean rating is below it are left out, once they have enough ratings (a hotel with too few passes). Empty: no gate."
            />
          </div>
          <CheckboxGroupField name="constraints.requiredAmenities" label="Required amenities" options={options(AMENITIES)} className="mt-4" />
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <ListField name="constraints.excludedChains" label="Excluded chains" placeholder="chain ids, comma-separated" />
            <CheckboxGroupField name="constraints.allowProviders" label="Hotel sources" options={PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))} />
          </div>
          <div className="mt-4 grid gap-4 md:grid-cols-4">
            <NumberField name="buffers.earlyCheckInMinutes" label="Early check-in" suffix="min" min={0} max={1440} />
            <NumberField name="buffers.lateCheckoutMinutes" label="Late checkout" suffix="min" min={0} max={1440} />
          </div>
        </Section>

        <Section title="Demand approval" description="When rooms are approved without a supervisor.">
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-3">
              <CheckboxField name="autoApproveDemand" label="Approve demand automatically" description="Up to the ceiling below; above it a supervisor decides." />
              <CheckboxField name="incrementalRequiresApproval" label="Extra rooms (incremental demand) always need a supervisor" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <NumberField name="maxAutomaticRoomsPerWave" label="Automatic ceiling" suffix="rooms" min={0} max={5000} />
              <SelectField name="mode" label="Allocation" options={[{ value: "ON_DEMAND", label: "On demand" }, { value: "BATCH", label: "Batch (scheduled)" }]} />
            </div>
          </div>
        </Section>

        <Section title="Scoring" description="Weights 0–1; the scorer divides by their sum. Defaults 0.60 / 0.25 / 0.15 / 0.">
          <div className="grid gap-4 md:grid-cols-4">
            <NumberField name="allocationWeights.cost" label="Cost" step={0.05} min={0} max={1} />
            <NumberField name="allocationWeights.distance" label="Distance" step={0.05} min={0} max={1} />
            <NumberField name="allocationWeights.consolidation" label="Consolidation" step={0.05} min={0} max={1} description="Preference for fewer hotels." />
            <NumberField name="allocationWeights.quality" label="Stay quality" step={0.05} min={0} max={1} description="Preference for better-rated hotels; 0 (default): ratings do not move the ranking." />
          </div>
        </Section>

        <Section title="Ground transport">
          <div className="grid gap-4 md:grid-cols-4">
            <SelectField name="transport.mode" label="Default mode" options={options(TRANSPORT_MODES)} />
            <NumberField name="transport.minutesBeforePickup" label="Pickup before next flight" suffix="min" min={0} max={1440} />
            <NumberField name="transport.shuttleCapacity" label="Shuttle capacity" suffix="seats" min={1} max={100} />
          </div>
          <div className="mt-4">
            <PerTierField tiers={TIERS} options={options(TRANSPORT_MODES)} />
          </div>
        </Section>

        <Section title="Right to care" description="The airline's own care, given where it is more generous than the passenger-rights regimes (EU261, APPR, US DOT …).">
          <div className="grid gap-4 md:grid-cols-4">
            <NumberField name="care.mealAfterMinutes" label="Meals once the wait reaches" suffix="min" nullable min={0} max={1440} description="Whatever the cause; empty: no own commitment." />
            <NumberField name="care.mealAmount" label="Meal voucher" step={1} min={1} max={1000} description="In the policy's currency." />
            <NumberField name="care.mealEveryMinutes" label="A further meal every" suffix="min" min={60} max={1440} />
          </div>
          <div className="mt-4 grid gap-3 md:grid-cols-2">
            <CheckboxField name="care.hotelWhenOvernight" label="A hotel and transfers for an overnight wait, whatever the cause" />
            <CheckboxField
              name="care.requestRoomsFromCare"
              label="Request rooms from the right to care"
              description="The first demand asks for the rooms of the groups owed a hotel; the others get an explanation (a supervisor can still add rooms)."
            />
          </div>
        </Section>

        <Section title="Payment">
          <div className="grid gap-4 md:grid-cols-2">
            <CheckboxGroupField
              name="acceptedPayments"
              label="Accepted payments"
              options={PAYMENT_METHODS.map((m) => ({ value: m, label: m === "GUARANTEE" ? "Corporate guarantee" : "Card (PSP token)" }))}
              description="Hotels that accept none of these are filtered out."
            />
            {cardAccepted && <TextField name="cardToken" label="Card token" placeholder="tok_…" emptyIsNull description="The payment provider's token, never a card number." />}
          </div>
        </Section>

        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6">
          <Button asChild variant="outline">
            <Link href="/policies">Cancel</Link>
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="policy-save">
            <Save aria-hidden />
            {form.formState.isSubmitting ? "Saving…" : mode.kind === "edit" ? "Save draft" : "Create draft"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
