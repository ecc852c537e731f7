"use client";

import { type ReactNode, useState } from "react";
import { type ControllerRenderProps, type FieldPath, useFormContext } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import type { PolicyFormValues } from "./form-values";

type Name = FieldPath<PolicyFormValues>;
type Common = { name: Name; label: string; description?: string; disabled?: boolean; className?: string };

const testId = (name: string) => `policy-${name.replaceAll(".", "-")}`;

type Field = ControllerRenderProps<PolicyFormValues, Name>;

/** The wiring every labelled field shares: the form binding, its label, description and error. */
function LabelledField({ name, label, description, className, children }: Omit<Common, "disabled"> & { children: (field: Field) => ReactNode }) {
  const form = useFormContext<PolicyFormValues>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          {children(field)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Text; an empty field is `null` (absent) when `emptyIsNull`, as the API's nullish fields expect. */
export function TextField({ name, label, description, disabled, className, emptyIsNull, placeholder, mono }: Common & { emptyIsNull?: boolean; placeholder?: string; mono?: boolean }) {
  return (
    <LabelledField name={name} label={label} description={description} className={className}>
      {(field) => (
        <FormControl>
          <Input
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={(field.value as string | null | undefined) ?? ""}
            onChange={(e) => field.onChange(e.target.value === "" ? (emptyIsNull ? null : undefined) : e.target.value)}
            disabled={disabled}
            placeholder={placeholder}
            autoComplete="off"
            className={cn(mono && "font-mono uppercase placeholder:normal-case placeholder:font-sans")}
            data-testid={testId(name)}
          />
        </FormControl>
      )}
    </LabelledField>
  );
}

/** A number; empty is `null` when `nullable` (no limit), else left unset for the schema to name. */
export function NumberField({ name, label, description, disabled, className, nullable, step, min, max, suffix }: Common & { nullable?: boolean; step?: number; min?: number; max?: number; suffix?: string }) {
  return (
    <LabelledField name={name} label={label} description={description} className={className}>
      {(field) => (
        <div className="flex items-center gap-2">
          <FormControl>
            <Input
              type="number"
              inputMode="decimal"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              step={step}
              min={min}
              max={max}
              value={(field.value as number | null | undefined) ?? ""}
              onChange={(e) => field.onChange(e.target.value === "" ? (nullable ? null : undefined) : e.target.valueAsNumber)}
              disabled={disabled}
              className="w-28 tabular-nums"
              data-testid={testId(name)}
            />
          </FormControl>
          {suffix && <span className="text-sm text-muted-foreground">{suffix}</span>}
        </div>
      )}
    </LabelledField>
  );
}

export function SelectField({ name, label, description, disabled, className, options, numeric }: Common & { options: { value: string; label: string }[]; numeric?: boolean }) {
  return (
    <LabelledField name={name} label={label} description={description} className={className}>
      {(field) => (
        <FormControl>
          <NativeSelect
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={String(field.value ?? "")}
            onChange={(e) => field.onChange(e.target.value === "" ? undefined : numeric ? Number(e.target.value) : e.target.value)}
            disabled={disabled}
            data-testid={testId(name)}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      )}
    </LabelledField>
  );
}

export function CheckboxField({ name, label, description, disabled, className }: Common) {
  const form = useFormContext<PolicyFormValues>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn("flex flex-row items-start gap-3", className)}>
          <FormControl>
            <Checkbox
              checked={field.value === true}
              onCheckedChange={(v) => field.onChange(v === true)}
              disabled={disabled}
              className="mt-0.5"
              data-testid={testId(name)}
            />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel className="font-normal">{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </div>
        </FormItem>
      )}
    />
  );
}

/** A set of values as checkboxes (tiers, amenities, providers, payments). */
export function CheckboxGroupField({ name, label, description, disabled, className, options }: Common & { options: { value: string; label: string }[] }) {
  const form = useFormContext<PolicyFormValues>();
  const groupId = `${testId(name)}-label`;
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => {
        const value = ((field.value as string[] | undefined) ?? []) as string[];
        return (
          <FormItem className={className}>
            <p id={groupId} className="text-sm font-medium leading-none">
              {label}
            </p>
            <div role="group" aria-labelledby={groupId} className="flex flex-wrap gap-x-5 gap-y-2" data-testid={testId(name)}>
              {options.map((o) => (
                <Label key={o.value} className="font-normal">
                  <Checkbox
                    checked={value.includes(o.value)}
                    disabled={disabled}
                    onCheckedChange={(on) => field.onChange(on ? [...value, o.value] : value.filter((v) => v !== o.value))}
                    data-testid={`${testId(name)}-${o.value}`}
                  />
                  {o.label}
                </Label>
              ))}
            </div>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/** A list of free values typed comma-separated (excluded chains). */
export function ListField({ name, label, description, disabled, className, placeholder }: Common & { placeholder?: string }) {
  const form = useFormContext<PolicyFormValues>();
  const initial = ((form.getValues(name) as string[] | undefined) ?? []).join(", ");
  const [text, setText] = useState(initial);
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={text}
              placeholder={placeholder}
              disabled={disabled}
              onChange={(e) => {
                setText(e.target.value);
                field.onChange(
                  e.target.value
                    .split(",")
                    .map((s) => s.trim())
                    .filter(Boolean),
                );
              }}
              data-testid={testId(name)}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Transport mode per tier. "Default mode" removes the tier's entry (the schema's partial record
 * refuses an entry set to nothing), so the policy's default mode applies to it.
 */
export function PerTierField({ tiers, options }: { tiers: readonly string[]; options: { value: string; label: string }[] }) {
  const form = useFormContext<PolicyFormValues>();
  return (
    <FormField
      control={form.control}
      name="transport.perTier"
      render={({ field }) => {
        const value = (field.value ?? {}) as Record<string, string>;
        return (
          <FormItem>
            <p className="text-sm font-medium leading-none">Mode per tier</p>
            <div className="grid gap-4 sm:grid-cols-3 md:grid-cols-5">
              {tiers.map((tier) => (
                <div key={tier} className="grid gap-1.5">
                  <Label htmlFor={`per-tier-${tier}`} className="font-normal">
                    {tier.replaceAll("_", " ").toLowerCase().replace(/^./, (c) => c.toUpperCase())}
                  </Label>
                  <NativeSelect
                    id={`per-tier-${tier}`}
                    value={value[tier] ?? ""}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      const next = { ...value };
                      if (e.target.value) next[tier] = e.target.value;
                      else delete next[tier];
                      field.onChange(next);
                    }}
                    data-testid={`policy-transport-perTier-${tier}`}
                  >
                    <option value="">Default mode</option>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ))}
            </div>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
