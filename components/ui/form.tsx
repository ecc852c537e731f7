"use client";

import { Label as LabelPrimitive, Slot } from "radix-ui";
import { type ComponentProps, createContext, useContext, useId } from "react";
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { cn } from "@/lib/utils";
import { Label } from "./label";

/** react-hook-form wired to accessible labels, descriptions and inline messages (shadcn's pattern). */
export const Form = FormProvider;

type FieldContextValue = { name: string };
const FormFieldContext = createContext<FieldContextValue | null>(null);
const FormItemContext = createContext<{ id: string } | null>(null);

export function FormField<TFieldValues extends FieldValues = FieldValues, TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>>(
  props: ControllerProps<TFieldValues, TName>,
) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

export function useFormField() {
  const field = useContext(FormFieldContext);
  const item = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error("useFormField must be used inside <FormField> and <FormItem>");
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    formItemId: `${item.id}-item`,
    formDescriptionId: `${item.id}-description`,
    formMessageId: `${item.id}-message`,
    ...state,
  };
}

export function FormItem({ className, ...props }: ComponentProps<"div">) {
  const id = useId();
  return (
    <FormItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn("grid gap-1.5", className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  const { error, formItemId } = useFormField();
  return <Label data-error={!!error} className={cn("data-[error=true]:text-destructive", className)} htmlFor={formItemId} {...props} />;
}

export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId } = useFormField();
  return (
    <Slot.Root
      id={formItemId}
      aria-describedby={error ? `${formDescriptionId} ${formMessageId}` : formDescriptionId}
      aria-invalid={!!error}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const { formDescriptionId } = useFormField();
  return <p id={formDescriptionId} className={cn("text-xs text-muted-foreground", className)} {...props} />;
}

export function FormMessage({ className, children, ...props }: ComponentProps<"p">) {
  const { error, formMessageId } = useFormField();
  const body = error ? messageOf(error) : children;
  if (!body) return null;
  return (
    <p id={formMessageId} data-testid="field-error" className={cn("text-xs font-medium text-destructive", className)} {...props}>
      {body}
    </p>
  );
}

function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as { message?: string; root?: { message?: string } } & Record<string, unknown>;
  if (e.message) return e.message;
  if (e.root?.message) return e.root.message;
  // an array field: show the first element's message
  for (const v of Object.values(e)) {
    const m = messageOf(v);
    if (m) return m;
  }
  return undefined;
}

/**
 * Puts a server's field errors (problem+json `errors[]` or an action's result) onto the form, so
 * the message appears under the field it concerns; anything unmatched goes to the form's root.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: { message: string; errors?: { path: string; message: string }[] },
): void {
  const known = new Set(Object.keys(form.getValues()));
  let unplaced = false;
  for (const e of error.errors ?? []) {
    const top = e.path.split(".")[0];
    if (known.has(top)) form.setError(e.path as Path<T>, { type: "server", message: e.message });
    else unplaced = true;
  }
  if (!error.errors?.length || unplaced) form.setError("root.server" as Path<T>, { type: "server", message: error.message });
}
