"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { applyServerErrors, Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import type { SettingsPatch, TenantSettings } from "@/lib/tenants/settings";
import { formToPatch, SettingsFormValues } from "@/lib/tenants/settings-form";

type Props = { defaults: SettingsFormValues; save: (input: SettingsPatch) => Promise<ActionResult<TenantSettings>> };
type Name = Exclude<keyof SettingsFormValues, "secretSet" | "agentEnabled">;

/** The settings form: validated with the API's field schemas; the server's refusals land on the fields. */
export function SettingsForm({ defaults, save }: Props) {
  const router = useRouter();
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(SettingsFormValues), defaultValues: defaults, mode: "onTouched" });
  const secretSet = useWatch({ control: form.control, name: "secretSet" });

  async function onSubmit(values: SettingsFormValues) {
    const res = await save(formToPatch(values));
    if ("error" in res) {
      // the API names the patch's fields; the form's alerting fields are flat
      const FORM_FIELD: Record<string, string> = { "alerting.url": "alertingUrl", "alerting.secret": "alertingSecret" };
      applyServerErrors(form, { ...res.error, errors: res.error.errors?.map((e) => ({ ...e, path: FORM_FIELD[e.path] ?? e.path })) });
      toast.error("The settings were not saved", { description: res.error.message });
      return;
    }
    toast.success("Settings saved");
    form.reset({ ...values, alertingSecret: "", secretSet: res.data.alerting?.secretSet ?? false, reason: "" });
    router.refresh();
  }

  const field = (name: Name, label: string, opts: { type?: string; description?: string; placeholder?: string; area?: boolean } = {}) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {opts.area ? (
              <Textarea {...f} value={String(f.value ?? "")} placeholder={opts.placeholder} data-testid={`settings-${name}`} />
            ) : (
              <Input
                {...f}
                type={opts.type ?? "text"}
                value={String(f.value ?? "")}
                onChange={(e) => f.onChange(opts.type === "number" ? (e.target.value === "" ? "" : Number(e.target.value)) : e.target.value)}
                placeholder={opts.placeholder}
                autoComplete={opts.type === "password" ? "new-password" : undefined}
                data-testid={`settings-${name}`}
              />
            )}
          </FormControl>
          {opts.description && <FormDescription>{opts.description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4" data-testid="settings-form">
        <Card>
          <CardHeader>
            <CardTitle>Review SLA</CardTitle>
            <CardDescription>Minutes an open review item may wait unclaimed before on-call is paged and its priority goes up one level. Open items move to the new deadlines at once.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-3">
            {field("slaHigh", "HIGH (minutes)", { type: "number" })}
            {field("slaMedium", "MEDIUM (minutes)", { type: "number" })}
            {field("slaLow", "LOW (minutes)", { type: "number" })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Alerting channel</CardTitle>
            <CardDescription>SLA breaches are POSTed here as signed JSON (x-das-signature, HMAC-SHA256 of timestamp.body). Leave the URL empty to keep pages in the delivery log only.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {field("alertingUrl", "Webhook URL", { placeholder: "https://pager.example.com/hooks/das" })}
            {field("alertingSecret", "Signing secret", {
              type: "password",
              description: secretSet ? "A secret is set. Leave empty to keep it; type a new one to replace it." : "At least 16 characters. It is never shown again.",
            })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Exception agent, currencies, time zone</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <FormField
              control={form.control}
              name="agentEnabled"
              render={({ field: f }) => (
                <FormItem className="flex items-center gap-2 md:col-span-2">
                  <FormControl>
                    <Checkbox checked={f.value} onCheckedChange={(v) => f.onChange(v === true)} data-testid="settings-agentEnabled" />
                  </FormControl>
                  <FormLabel>The exception agent may work on review items</FormLabel>
                </FormItem>
              )}
            />
            {field("currencyOverrides", "Currency overrides", { area: true, placeholder: "CDG=USD", description: "One AIRPORT=CUR pair per line (ISO 4217)." })}
            {field("timeZone", "Time zone", { placeholder: "Europe/Paris", description: "For the weekly report (Monday 06:00); empty means UTC." })}
            {field("carrierCountry", "Carrier's country", {
              placeholder: "FR",
              description: "The operating carrier's country (ISO 3166, two letters): EU261 and UK261 also cover flights arriving on a carrier of theirs. Empty: not set.",
            })}
            {field("personalDataRetentionDays", "Personal data retention (days)", {
              type: "number",
              description: "Passengers' names, emails and phones are erased this many days after their case closes (1–3650).",
            })}
            {field("reason", "Reason (optional, kept in the audit log)", { area: true })}
          </CardContent>
        </Card>
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="settings-save">
            <Save aria-hidden /> Save settings
          </Button>
        </div>
      </form>
    </Form>
  );
}
