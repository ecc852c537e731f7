"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { applyServerErrors, Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import type { WebhookEventType } from "@/lib/webhooks/events";
import { CreateSubscriptionInput, type WebhookDelivery, type WebhookSubscription, type WebhookSubscriptionCreated } from "@/lib/webhooks/schemas";

type Values = { url: string; events: WebhookEventType[]; description?: string };

/** New subscription: validated with the API's schema; the secret is shown once, after creation. */
export function NewSubscription({ create, events }: { create: (input: Values) => Promise<ActionResult<WebhookSubscriptionCreated>>; events: readonly WebhookEventType[] }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(CreateSubscriptionInput) as never, defaultValues: { url: "", events: [], description: "" } });
  async function onSubmit(values: Values) {
    const res = await create({ ...values, description: values.description || undefined });
    if ("error" in res) {
      applyServerErrors(form, res.error);
      return;
    }
    setSecret(res.data.secret);
    toast.success("Subscription created");
  }
  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), o || (setSecret(null), form.reset()))}>
      <DialogTrigger asChild>
        <Button data-testid="webhook-new"><Plus aria-hidden /> New subscription</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New webhook subscription</DialogTitle>
          <DialogDescription>Events are POSTed as signed JSON; the payloads are described in the API reference (webhooks).</DialogDescription>
        </DialogHeader>
        {secret ? (
          <div className="grid gap-2" data-testid="webhook-secret">
            <p className="text-sm">Signing secret, shown this once. Store it in the receiving system now:</p>
            <code className="break-all rounded bg-muted p-2 font-mono text-xs">{secret}</code>
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-3" noValidate>
              <FormField control={form.control} name="url" render={({ field }) => (
                <FormItem><FormLabel>URL</FormLabel><FormControl><Input {...field} placeholder="https://ops.airline.example/hooks" /></FormControl><FormMessage /></FormItem>
              )} />
              <FormField control={form.control} name="events" render={({ field }) => (
                <FormItem>
                  <FormLabel>Events</FormLabel>
                  {events.map((e) => (
                    <label key={e} className="flex items-center gap-2 text-sm">
                      <Checkbox checked={field.value.includes(e)} onCheckedChange={(on) => field.onChange(on ? [...field.value, e] : field.value.filter((x) => x !== e))} />
                      <span className="font-mono">{e}</span>
                    </label>
                  ))}
                  <FormMessage />
                </FormItem>
              )} />
              <FormField control={form.control} name="description" render={({ field }) => (
                <FormItem><FormLabel>Description (optional)</FormLabel><FormControl><Input {...field} value={field.value ?? ""} /></FormControl><FormMessage /></FormItem>
              )} />
              <Button type="submit" disabled={form.formState.isSubmitting}>Create</Button>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function DisableButton({ urn, disable }: { urn: string; disable: (urn: string) => Promise<ActionResult<WebhookSubscription>> }) {
  return (
    <Button variant="outline" size="sm" onClick={async () => {
      const res = await disable(urn);
      if ("error" in res) toast.error("Not disabled", { description: res.error.message });
    }}>Disable</Button>
  );
}

export function RedeliverButton({ urn, redeliver }: { urn: string; redeliver: (urn: string) => Promise<ActionResult<WebhookDelivery>> }) {
  return (
    <Button variant="outline" size="sm" data-testid="webhook-redeliver" onClick={async () => {
      const res = await redeliver(urn);
      if ("error" in res) toast.error("Not redelivered", { description: res.error.message });
      else toast.success("Queued for delivery");
    }}>Redeliver</Button>
  );
}
