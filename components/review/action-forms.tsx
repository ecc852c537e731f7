"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Lightbulb } from "lucide-react";
import { type ReactNode, useState, useTransition } from "react";
import { type FieldValues, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import {
  askDeskAction,
  claimAction,
  overrideAction,
  rebookAction,
  refreshRecommendationsAction,
  relaxAction,
  releaseAction,
  resolveAction,
  splitAction,
} from "@/app/(console)/review/actions";
import { Button } from "@/components/ui/button";
import { applyServerErrors, Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import { Reason } from "@/lib/primitives";
import { RebookBody, type Recommendation, RelaxBody, RelaxFields, ResolveBody, REVIEW_RESOLUTIONS, type ReviewResolution, ReviewOverrideBody } from "@/lib/records/review";
import type { SplitGroup } from "@/components/cases/family-split";
import { SplitByNameForm } from "@/components/cases/split-form";

export type HotelChoice = { hotelUrn: string; label: string };
/** An offer an override may book: the wave's candidates, ranked; `hotel` names it in the hotel picker. */
export type OfferChoice = { hotelUrn: string; hotel: string; providerOfferId: string; label: string };

type Kind = "rebook" | "relax" | "split" | "override" | "resolve";
type Prefill = { kind: Kind; hotelUrn?: string; field?: string; value?: string; n: number };

const RELAX_FIELDS = Object.keys(RelaxFields.shape) as (keyof z.infer<typeof RelaxFields>)[];
const LIST_FIELDS = new Set(["requiredAmenities", "excludedChains", "acceptedPayments", "allowProviders"]);

/** A relax form's text value as the constraint's type: numbers, comma lists, "none" for no ceiling. */
function relaxValue(field: string, text: string): unknown {
  const t = text.trim();
  if (LIST_FIELDS.has(field)) return t ? t.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean) : [];
  if (field === "maxNightlyRate" && (t === "" || t.toLowerCase() === "none")) return null;
  return t === "" ? undefined : Number(t);
}

const ACTION_WORDS: Record<ReviewResolution, string> = {
  REBOOKED: "a rebook",
  RELAXED: "a relax",
  SPLIT: "a split",
  OVERRIDDEN: "an override",
  MANUALLY_HANDLED: "handled by hand",
  NO_ACTION: "none",
};

const valueText = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v === null ? "none" : v === undefined ? "" : String(v));

/**
 * The actions of one review item (spec 4.4) as forms, each with the reason the API requires and
 * validated with the API's own body schemas; the server's answer (409 claimed by someone else,
 * 422 unknown hotel …) shows inline. A recommendation's "Use" fills the rebook or relax form.
 */
export function ReviewActions({
  itemUrn,
  state,
  claimedByMe,
  claimedBy,
  recommendations,
  hotels,
  offers,
  groups,
  taken,
  resolvedAs = null,
}: {
  itemUrn: string;
  state: string;
  claimedByMe: boolean;
  claimedBy: string | null;
  recommendations: Recommendation[];
  hotels: HotelChoice[];
  offers: OfferChoice[];
  /** the item's groups that may still be split (not booked, two passengers or more) */
  groups: SplitGroup[];
  /** what was last done on the item (rebook, relax, split, override) as a resolution: the resolve form's default */
  taken: ReviewResolution | null;
  /** how a resolved item was resolved, in words (who, how, when): shown in place of its recommendations */
  resolvedAs?: ReactNode;
}) {
  const [tab, setTab] = useState<Kind>("rebook");
  const [prefill, setPrefill] = useState<Prefill>({ kind: "rebook", n: 0 });
  const [pending, start] = useTransition();
  const resolved = state === "RESOLVED";
  const heldByOther = state === "CLAIMED" && !claimedByMe;

  function use(rec: Recommendation) {
    const kind: Kind = rec.action === "rebook" ? "rebook" : "relax";
    setTab(kind);
    setPrefill({ kind, hotelUrn: rec.hotelUrn, field: rec.fields?.[0], value: valueText(rec.value), n: prefill.n + 1 });
  }

  function simple(fn: () => Promise<ActionResult<unknown>>, ok: string) {
    start(async () => {
      const res = await fn();
      if ("error" in res) toast.error(res.error.message);
      else toast.success(ok);
    });
  }

  return (
    <div className="grid gap-4" data-testid="review-actions">
      <section className="grid gap-2" data-testid="review-recommendations">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold">Recommendations</h2>
          {!resolved && (
            <Button size="sm" variant="ghost" disabled={pending} onClick={() => simple(() => refreshRecommendationsAction(itemUrn), "Recommendations refreshed")} data-testid="review-refresh">
              Recompute
            </Button>
          )}
        </div>
        {resolved ? (
          // a resolved item waits for no recommendation: what was done stands in their place
          <p className="text-sm" data-testid="review-recommendations-resolved">
            {resolvedAs ?? "Resolved"}.
          </p>
        ) : recommendations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recommendation: no hotel of the latest wave fits these groups and no single relaxed constraint would place them.</p>
        ) : (
          <ol className="grid gap-2">
            {recommendations.map((r, i) => (
              <li key={i} className="flex items-start justify-between gap-3 rounded-md border p-3 text-sm" data-testid="review-recommendation" data-action={r.action}>
                <div className="grid gap-1">
                  <span className="font-medium">
                    <Lightbulb className="mr-1 inline size-4" aria-hidden />
                    {i + 1}. {r.action === "rebook" ? "Rebook" : `Relax ${r.fields?.join(", ")} to ${valueText(r.value)}`}
                    <span className="ml-2 text-xs text-muted-foreground">({r.source})</span>
                  </span>
                  <span className="text-muted-foreground">{r.reason}</span>
                </div>
                {!resolved && !heldByOther && (
                  <Button size="sm" variant="outline" onClick={() => use(r)} data-testid="review-use-recommendation">
                    Use
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      {resolved ? (
        <p className="text-sm text-muted-foreground">This item is resolved; nothing more can be done on it.</p>
      ) : heldByOther ? (
        <p className="text-sm text-muted-foreground" data-testid="review-claimed-by-other">
          Claimed by {claimedBy}. Only they (or an ADMIN releasing the claim) can act on it.
        </p>
      ) : (
        <>
          <div className="flex gap-2">
            {state === "OPEN" && (
              <Button size="sm" disabled={pending} onClick={() => simple(() => claimAction(itemUrn), "Item claimed")} data-testid="review-claim">
                Claim
              </Button>
            )}
            {claimedByMe && (
              <Button size="sm" variant="outline" disabled={pending} onClick={() => simple(() => releaseAction(itemUrn, "released from the console"), "Item released")} data-testid="review-release">
                Release
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">Acting on an OPEN item claims it for you.</p>
          <Tabs value={tab} onValueChange={(v) => setTab(v as Kind)}>
            <TabsList>
              <TabsTrigger value="rebook">Rebook</TabsTrigger>
              <TabsTrigger value="relax">Relax</TabsTrigger>
              <TabsTrigger value="split">Split</TabsTrigger>
              <TabsTrigger value="override">Override</TabsTrigger>
              <TabsTrigger value="resolve">Resolve</TabsTrigger>
            </TabsList>
            <TabsContent value="rebook">
              <RebookForm key={`rebook-${prefill.n}`} itemUrn={itemUrn} hotels={hotels} hotelUrn={prefill.kind === "rebook" ? prefill.hotelUrn : undefined} />
            </TabsContent>
            <TabsContent value="relax">
              <RelaxForm key={`relax-${prefill.n}`} itemUrn={itemUrn} field={prefill.kind === "relax" ? prefill.field : undefined} value={prefill.kind === "relax" ? prefill.value : undefined} />
            </TabsContent>
            <TabsContent value="split">
              <SplitByNameForm groups={groups} action={(body) => splitAction(itemUrn, body)} success="Group split; its parts are allocated" />
            </TabsContent>
            <TabsContent value="override">
              <OverrideForm itemUrn={itemUrn} offers={offers} />
            </TabsContent>
            <TabsContent value="resolve">
              <ResolveForm key={taken ?? "none"} itemUrn={itemUrn} taken={taken} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

/** Sends a form's parsed body; the server's field errors land under their fields. */
function useSubmit<T extends FieldValues>(form: UseFormReturn<T>, ok: string) {
  const [pending, start] = useTransition();
  const submit = (send: () => Promise<ActionResult<unknown>>) =>
    start(async () => {
      const res = await send();
      if ("error" in res) applyServerErrors(form, res.error);
      else toast.success(ok);
    });
  return { pending, submit };
}

function ReasonField<T extends { reason: string }>({ form }: { form: UseFormReturn<T> }) {
  const f = form as unknown as UseFormReturn<{ reason: string }>;
  return (
    <FormField
      control={f.control}
      name="reason"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Reason</FormLabel>
          <FormControl>
            <Textarea {...field} placeholder="kept in the audit log with your name" data-testid="review-reason" />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function RootError({ message }: { message?: string }) {
  return message ? <p className="text-sm font-medium text-destructive" data-testid="review-form-error">{message}</p> : null;
}

function RebookForm({ itemUrn, hotels, hotelUrn }: { itemUrn: string; hotels: HotelChoice[]; hotelUrn?: string }) {
  const form = useForm<z.input<typeof RebookBody>, unknown, z.output<typeof RebookBody>>({ resolver: zodResolver(RebookBody), defaultValues: { hotelUrn: hotelUrn ?? "", reason: "" } });
  const { pending, submit } = useSubmit(form, "Rebooking requested");
  return (
    <Form {...form}>
      <form className="grid gap-3 pt-3" noValidate onSubmit={form.handleSubmit((body) => submit(() => rebookAction(itemUrn, body)))} data-testid="review-rebook-form">
        <FormField
          control={form.control}
          name="hotelUrn"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Hotel</FormLabel>
              <FormControl>
                <NativeSelect {...field} data-testid="review-rebook-hotel">
                  <option value="">Choose a hotel of the latest wave</option>
                  {hotels.map((h) => (
                    <option key={h.hotelUrn} value={h.hotelUrn}>
                      {h.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <ReasonField form={form} />
        <RootError message={form.formState.errors.root?.server?.message} />
        <Button type="submit" disabled={pending} data-testid="review-rebook-submit">
          {pending ? "Working…" : "Rebook"}
        </Button>
      </form>
    </Form>
  );
}

const RelaxForm_ = z.object({ field: z.enum(RELAX_FIELDS as [string, ...string[]]), value: z.string(), reason: Reason });

function RelaxForm({ itemUrn, field, value }: { itemUrn: string; field?: string; value?: string }) {
  const form = useForm<z.input<typeof RelaxForm_>, unknown, z.output<typeof RelaxForm_>>({
    resolver: zodResolver(RelaxForm_),
    defaultValues: { field: field ?? "maxDistanceKm", value: value ?? "", reason: "" },
  });
  const { pending, submit } = useSubmit(form, "Relaxed for this case; allocation runs again");
  return (
    <Form {...form}>
      <form
        className="grid gap-3 pt-3"
        noValidate
        onSubmit={form.handleSubmit((v) => {
          // the API's own schema decides whether the value fits the constraint
          const parsed = RelaxBody.safeParse({ fields: { [v.field]: relaxValue(v.field, v.value) }, reason: v.reason });
          if (!parsed.success) {
            form.setError("value", { type: "client", message: parsed.error.issues[0]?.message ?? "not a valid value" });
            return;
          }
          submit(() => relaxAction(itemUrn, parsed.data));
        })}
        data-testid="review-relax-form"
      >
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={form.control}
            name="field"
            render={({ field: f }) => (
              <FormItem>
                <FormLabel>Constraint</FormLabel>
                <FormControl>
                  <NativeSelect {...f} data-testid="review-relax-field">
                    {RELAX_FIELDS.map((k) => (
                      <option key={k} value={k}>
                        {k}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="value"
            render={({ field: f }) => (
              <FormItem>
                <FormLabel>New value</FormLabel>
                <FormControl>
                  <Input {...f} placeholder="a number, or a comma list" data-testid="review-relax-value" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <p className="text-xs text-muted-foreground">For this case only: the policy and every other case keep their constraints.</p>
        <ReasonField form={form} />
        <RootError message={form.formState.errors.root?.server?.message} />
        <Button type="submit" disabled={pending} data-testid="review-relax-submit">
          {pending ? "Working…" : "Relax and reallocate"}
        </Button>
      </form>
    </Form>
  );
}

/**
 * Books an offer for the item's groups by hand: the hotel picked from the wave's ranked candidates,
 * then one of its offers (a person on a phone picks, never types an id). The body is the API's.
 */
export function OverrideForm({ itemUrn, offers }: { itemUrn: string; offers: OfferChoice[] }) {
  const form = useForm<z.input<typeof ReviewOverrideBody>, unknown, z.output<typeof ReviewOverrideBody>>({ resolver: zodResolver(ReviewOverrideBody), defaultValues: { hotelUrn: "", providerOfferId: "", reason: "" } });
  const { pending, submit } = useSubmit(form, "Booked manually");
  const hotels = [...new Map(offers.map((o) => [o.hotelUrn, o.hotel])).entries()];
  const hotelUrn = useWatch({ control: form.control, name: "hotelUrn" });
  const ofHotel = offers.filter((o) => o.hotelUrn === hotelUrn);
  if (offers.length === 0) {
    return <p className="pt-3 text-sm text-muted-foreground" data-testid="review-override-none">No wave has searched hotels for this case yet: rerun the wave, then book from its offers.</p>;
  }
  return (
    <Form {...form}>
      <form className="grid gap-3 pt-3" noValidate onSubmit={form.handleSubmit((body) => submit(() => overrideAction(itemUrn, body)))} data-testid="review-override-form">
        <FormField
          control={form.control}
          name="hotelUrn"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Hotel</FormLabel>
              <FormControl>
                <NativeSelect
                  {...field}
                  onChange={(e) => {
                    field.onChange(e);
                    // the hotel's best offer is the usual choice: preselected, still changeable
                    form.setValue("providerOfferId", offers.find((o) => o.hotelUrn === e.target.value)?.providerOfferId ?? "");
                  }}
                  data-testid="review-override-hotel"
                >
                  <option value="">Choose a hotel, best ranked first</option>
                  {hotels.map(([urn, name]) => (
                    <option key={urn} value={urn}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="providerOfferId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Offer</FormLabel>
              <FormControl>
                <NativeSelect {...field} disabled={!hotelUrn} data-testid="review-override-offer">
                  <option value="">{hotelUrn ? "Choose an offer" : "Choose a hotel first"}</option>
                  {ofHotel.map((o) => (
                    <option key={o.providerOfferId} value={o.providerOfferId}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <ReasonField form={form} />
        <RootError message={form.formState.errors.root?.server?.message} />
        <Button type="submit" disabled={pending} data-testid="review-override-submit">
          {pending ? "Working…" : "Book this offer"}
        </Button>
      </form>
    </Form>
  );
}

/**
 * What a supervisor may do on an item (spec part 5: override an allocation): book an offer by hand
 * for its groups. Claiming, rebooking, relaxing, splitting and resolving are the airport operators'
 * work, so the rest is handed to the airport's desk in one click.
 */
export function SupervisorReviewActions({ itemUrn, state, airport, offers, askedDesk }: { itemUrn: string; state: string; airport: string; offers: OfferChoice[]; askedDesk: boolean }) {
  const [pending, start] = useTransition();
  if (state === "RESOLVED") return <p className="text-sm text-muted-foreground">This item is resolved; nothing more can be done on it.</p>;
  return (
    <div className="grid gap-4" data-testid="review-supervisor-actions">
      <section className="grid gap-2 rounded-md border p-3 text-sm">
        <p>
          Claiming, rebooking, relaxing the policy, splitting and resolving are for the {airport} operators.
          {state === "CLAIMED" ? " An operator has claimed it and is working on it." : askedDesk ? ` The ${airport} desk has been asked.` : ""}
        </p>
        {state === "OPEN" && (
          <Button
            size="sm"
            variant="outline"
            className="justify-self-start"
            disabled={pending}
            data-testid="review-ask-desk"
            onClick={() =>
              start(async () => {
                const res = await askDeskAction(itemUrn);
                if ("error" in res) toast.error(res.error.message);
                else toast.success(`Asked the ${airport} desk`);
              })
            }
          >
            {askedDesk ? `Ask the ${airport} desk again` : `Ask the ${airport} desk`}
          </Button>
        )}
      </section>
      <section className="grid gap-1">
        <h2 className="text-sm font-semibold">Book by hand (override)</h2>
        <p className="text-xs text-muted-foreground">Books the chosen offer for every group of the item still without a room; the item closes itself once all are booked.</p>
        <OverrideForm itemUrn={itemUrn} offers={offers} />
      </section>
    </div>
  );
}

// the API's body, with a message for the empty choice: with no action taken on the item, nothing is preselected
const ResolveForm_ = ResolveBody.extend({ resolution: z.enum(REVIEW_RESOLUTIONS, { error: "Choose what was done about this item." }) });

function ResolveForm({ itemUrn, taken }: { itemUrn: string; taken: ReviewResolution | null }) {
  const form = useForm<z.input<typeof ResolveForm_>, unknown, z.output<typeof ResolveForm_>>({
    resolver: zodResolver(ResolveForm_),
    defaultValues: { resolution: taken ?? ("" as ReviewResolution), reason: "" },
  });
  const { pending, submit } = useSubmit(form, "Item resolved");
  return (
    <Form {...form}>
      <form className="grid gap-3 pt-3" noValidate onSubmit={form.handleSubmit((body) => submit(() => resolveAction(itemUrn, body)))} data-testid="review-resolve-form">
        <FormField
          control={form.control}
          name="resolution"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Resolution</FormLabel>
              <FormControl>
                <NativeSelect {...field} data-testid="review-resolution">
                  {!taken && <option value="">Choose what was done</option>}
                  {REVIEW_RESOLUTIONS.map((r) => (
                    <option key={r} value={r}>
                      {r.replaceAll("_", " ").toLowerCase()}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormDescription data-testid="review-resolution-hint">
                {taken ? `Preselected: the last action on this item was ${ACTION_WORDS[taken]}.` : "No rebook, relax, split or override was done on this item."}
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <ReasonField form={form} />
        <RootError message={form.formState.errors.root?.server?.message} />
        <Button type="submit" disabled={pending} data-testid="review-resolve-submit">
          {pending ? "Working…" : "Resolve"}
        </Button>
      </form>
    </Form>
  );
}
