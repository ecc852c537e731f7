import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { formatDuration } from "@/components/console/format";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { WaveSource } from "@/lib/allocation/schemas";
import { providerText } from "./held-causes";

/** The hotel sources of one wave: which answered, how fast, how many offers, from the cache or not. */
export function ProviderHealth({ sources, degraded }: { sources: WaveSource[]; degraded: boolean }) {
  const failed = sources.filter((s) => !s.ok);
  return (
    <div className="grid gap-3" data-testid="provider-health">
      {degraded && (
        <Alert variant="warning" data-testid="wave-degraded">
          <CircleAlert aria-hidden />
          <AlertTitle>Degraded: computed without {failed.length ? failed.map((s) => providerText(s.provider)).join(" and ") : "a source"}</AlertTitle>
          <AlertDescription>
            A hotel source failed or timed out, so its hotels were not offered in this wave. Once it answers again, a rerun may place groups better or
            cheaper.
          </AlertDescription>
        </Alert>
      )}
      <ul className="grid gap-2 sm:grid-cols-3">
        {sources.map((s) => (
          <li
            key={s.provider}
            className={`grid gap-1 rounded-md border px-3 py-2 text-sm ${s.ok ? "bg-card" : "border-destructive/50 bg-destructive/5"}`}
            data-testid="provider-source"
            data-provider={s.provider}
            data-ok={s.ok}
          >
            <div className="flex items-center gap-1.5 font-medium">
              {s.ok ? <CircleCheck className="size-4 text-success" aria-hidden /> : <CircleX className="size-4 text-destructive" aria-hidden />}
              {providerText(s.provider)}
              <span className="ml-auto text-xs font-normal text-muted-foreground">{s.ok ? "answered" : "failed"}</span>
            </div>
            <div className="text-xs tabular-nums text-muted-foreground">
              {s.offers} offers · {s.cached ? "from the cache" : formatDuration(s.ms)}
            </div>
            {s.error && <div className="text-xs text-destructive">{s.error}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
