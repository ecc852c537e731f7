"use client";

import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";

type Variant = "default" | "success" | "error";
type Toast = { id: number; title: string; description?: string; variant: Variant };
type Options = { description?: string; duration?: number };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: Toast[] = [];

function emit() {
  for (const l of listeners) l();
}

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function push(variant: Variant, title: string, opts: Options = {}) {
  const id = nextId++;
  // keep the stack short: a burst of messages should not cover the page
  toasts = [...toasts.slice(-3), { id, title, description: opts.description, variant }];
  emit();
  setTimeout(() => dismiss(id), opts.duration ?? (variant === "error" ? 8000 : 4500));
  return id;
}

/** A small sonner-like API: `toast("Saved")`, `toast.success(...)`, `toast.error(...)`. */
export const toast = Object.assign((title: string, opts?: Options) => push("default", title, opts), {
  success: (title: string, opts?: Options) => push("success", title, opts),
  error: (title: string, opts?: Options) => push("error", title, opts),
  dismiss,
});

const ICONS = { default: Info, success: CircleCheck, error: CircleAlert } as const;

export function Toaster() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => EMPTY,
  );
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2">
      {list.map((t) => {
        const Icon = ICONS[t.variant];
        return (
          <div
            key={t.id}
            role={t.variant === "error" ? "alert" : "status"}
            data-testid="toast"
            className={cn(
              "pointer-events-auto flex items-start gap-3 rounded-lg border bg-popover p-3 text-sm text-popover-foreground shadow-lg",
              "[animation:toast-in_150ms_ease-out]",
              t.variant === "error" && "border-destructive/50",
              t.variant === "success" && "border-success/50",
            )}
          >
            <Icon
              aria-hidden
              className={cn("mt-0.5 size-4 shrink-0", t.variant === "error" ? "text-destructive" : t.variant === "success" ? "text-success" : "text-primary")}
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t.title}</p>
              {t.description && <p className="mt-0.5 break-words text-muted-foreground">{t.description}</p>}
            </div>
            <button type="button" onClick={() => dismiss(t.id)} className="rounded-sm opacity-60 hover:opacity-100" aria-label="Dismiss notification">
              <X className="size-4" aria-hidden />
            </button>
          </div>
        );
      })}
    </section>
  );
}
