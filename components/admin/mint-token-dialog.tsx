"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, KeyRound, Plus, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CopyButton } from "@/components/console/copy-button";
import { formatUtc, roleLabel } from "@/components/console/format";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { applyServerErrors, Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ROLES } from "@/lib/auth/roles";
import type { ActionResult } from "@/lib/console/action-result";
import { type MintedServiceToken, MintServiceTokenInput } from "@/lib/service-tokens/schemas";

// The service's schema, with airports typed as the comma-separated text the field holds.
const FormSchema = MintServiceTokenInput.extend({
  airports: z.string().trim().min(1, "at least one airport, or * for all"),
});
type FormValues = z.input<typeof FormSchema>;

const TTLS = [
  { value: "1d", label: "1 day" },
  { value: "30d", label: "30 days" },
  { value: "90d", label: "90 days" },
  { value: "365d", label: "1 year" },
];

export function MintTokenDialog({
  mint,
  defaultAirports,
}: {
  mint: (input: MintServiceTokenInput) => Promise<ActionResult<MintedServiceToken>>;
  defaultAirports: string;
}) {
  const [open, setOpen] = useState(false);
  const [minted, setMinted] = useState<MintedServiceToken | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    defaultValues: { name: "", roles: ["FEED"], airports: defaultAirports, ttl: "90d" },
  });

  async function onSubmit(values: z.output<typeof FormSchema>) {
    const res = await mint({ ...values, airports: values.airports.split(/[\s,]+/).filter(Boolean) });
    if ("error" in res) return applyServerErrors(form, res.error);
    setMinted(res.data);
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      // the token must not linger in memory or reappear on the next open
      setMinted(null);
      form.reset();
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button data-testid="mint-token-open">
          <Plus aria-hidden />
          Mint token
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-xl"
        // a click outside must not throw away a token that has not been copied yet
        onInteractOutside={(e) => minted && e.preventDefault()}
      >
        {minted ? (
          <MintedView minted={minted} onDone={() => onOpenChange(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Mint a service token</DialogTitle>
              <DialogDescription>For a machine client of your airline. It acts with the roles and airports chosen here.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" data-testid="mint-token-form" noValidate>
                {form.formState.errors.root?.server && (
                  <Alert variant="destructive">
                    <CircleAlert aria-hidden />
                    <AlertDescription>{form.formState.errors.root.server.message}</AlertDescription>
                  </Alert>
                )}
                <FormField
                  control={form.control}
                  name="name"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Name</FormLabel>
                      <FormControl>
                        <Input placeholder="Airline disruption feed" autoComplete="off" data-testid="mint-token-name" {...field} />
                      </FormControl>
                      <FormDescription>Tokens of one name share a client id, so a rotated feed keeps access to the cases it created.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="roles"
                  render={({ field }) => (
                    <FormItem>
                      <p id="mint-token-roles-label" className="text-sm font-medium leading-none">
                        Roles
                      </p>
                      <div className="flex flex-wrap gap-x-5 gap-y-2" role="group" aria-labelledby="mint-token-roles-label">
                        {ROLES.map((role) => {
                          const checked = (field.value ?? []).includes(role);
                          return (
                            <Label key={role} className="font-normal">
                              <Checkbox
                                checked={checked}
                                onCheckedChange={(on) =>
                                  field.onChange(on ? [...(field.value ?? []), role] : (field.value ?? []).filter((r) => r !== role))
                                }
                                data-testid={`mint-token-role-${role}`}
                              />
                              {roleLabel(role)}
                            </Label>
                          );
                        })}
                      </div>
                      <FormDescription>FEED creates cases and adds passengers, and reads only the cases it created.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
                  <FormField
                    control={form.control}
                    name="airports"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Airports</FormLabel>
                        <FormControl>
                          <Input placeholder="CDG, ORY or *" className="font-mono uppercase" autoComplete="off" data-testid="mint-token-airports" {...field} />
                        </FormControl>
                        <FormDescription>IATA codes separated by commas; * for every airport.</FormDescription>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="ttl"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Expires after</FormLabel>
                        <FormControl>
                          <NativeSelect {...field} data-testid="mint-token-ttl">
                            {TTLS.map((t) => (
                              <option key={t.value} value={t.value}>
                                {t.label}
                              </option>
                            ))}
                          </NativeSelect>
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </div>
                <DialogFooter>
                  <Button variant="outline" onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={form.formState.isSubmitting} data-testid="mint-token-submit">
                    <KeyRound aria-hidden />
                    {form.formState.isSubmitting ? "Minting…" : "Mint token"}
                  </Button>
                </DialogFooter>
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MintedView({ minted, onDone }: { minted: MintedServiceToken; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Token minted: {minted.name}</DialogTitle>
        <DialogDescription>
          {minted.roles.map(roleLabel).join(", ")} · {minted.airports.join(", ")} · expires {formatUtc(minted.expiresAt)}
        </DialogDescription>
      </DialogHeader>
      <Alert variant="warning">
        <TriangleAlert aria-hidden />
        <AlertTitle>Copy it now: it is shown only this once</AlertTitle>
        <AlertDescription>It is not stored. If it is lost, revoke it and mint another.</AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor="minted-token">Bearer token</Label>
        <textarea
          id="minted-token"
          readOnly
          rows={5}
          value={minted.token}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="minted-token"
          className="w-full resize-none break-all rounded-md border bg-muted/50 p-2 font-mono text-xs"
        />
        <p className="text-xs text-muted-foreground">
          jti <code className="font-mono">{minted.jti}</code> · client id <code className="font-mono">{minted.sub}</code>
        </p>
      </div>
      <DialogFooter>
        <CopyButton value={minted.token} label="Copy token" data-testid="copy-token" />
        <Button onClick={onDone} data-testid="mint-token-done">
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
