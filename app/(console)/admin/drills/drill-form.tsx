"use client";

import { Siren } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import type { LaunchedDrill } from "@/lib/drills/launch";
import { TIERS } from "@/lib/vocabulary";

type Props = { airports: string[]; launch: (input: unknown) => Promise<ActionResult<LaunchedDrill>> };

const DEFAULT_MIX: Record<(typeof TIERS)[number], number> = { FIRST: 2, BUSINESS: 13, PREMIUM_ECONOMY: 10, ECONOMY: 70, CREW: 5 };

/** datetime-local value (the browser's local time) for a Date */
const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The drill form: the server validates (DrillSpec) and its refusals are shown next to the fields. */
export function DrillForm({ airports, launch }: Props) {
  const router = useRouter();
  const [passengers, setPassengers] = useState(300);
  const [airport, setAirport] = useState(airports.includes("LHR") ? "LHR" : airports[0]);
  const [mix, setMix] = useState(DEFAULT_MIX);
  const [departure, setDeparture] = useState(() => local(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)));
  const [nextFlight, setNextFlight] = useState(() => local(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 18 * 3_600_000)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [launched, setLaunched] = useState<LaunchedDrill | null>(null);
  const total = TIERS.reduce((s, t) => s + (mix[t] || 0), 0);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const res = await launch({
      passengers,
      airport,
      tierMix: mix,
      departure: departure ? new Date(departure).toISOString() : "",
      nextFlight: nextFlight ? new Date(nextFlight).toISOString() : "",
      seed: Math.floor(Math.random() * 2 ** 31),
    });
    setBusy(false);
    if ("error" in res) {
      setErrors(Object.fromEntries(res.error.errors.map((x) => [x.path.split(".")[0], x.message])));
      toast.error("The drill was not launched", { description: res.error.message });
      return;
    }
    setLaunched(res.data);
    toast.success(`Drill launched: ${res.data.passengers} passengers in ${res.data.groups} groups`);
    router.refresh();
  }

  const error = (name: string) => (errors[name] ? <p className="text-sm text-destructive">{errors[name]}</p> : null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Launch a drill</CardTitle>
        <CardDescription>
          A generated manifest (realistic booking records, some wheelchair users, addresses on the reserved drill.example domain) becomes a DRILL case with its
          initial demand. Everything then runs as in a real event, against sandbox providers only; mail is kept in the outbox, never sent, and nothing is paged.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="drill-form">
          <div className="grid gap-4 md:grid-cols-4">
            <div className="grid gap-1.5">
              <Label htmlFor="drill-passengers">Passengers</Label>
              <Input id="drill-passengers" type="number" min={1} max={5000} value={passengers} onChange={(e) => setPassengers(Number(e.target.value))} data-testid="drill-passengers" />
              {error("passengers")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="drill-airport">Airport</Label>
              <NativeSelect id="drill-airport" value={airport} onChange={(e) => setAirport(e.target.value)} data-testid="drill-airport">
                {airports.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </NativeSelect>
              {error("airport")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="drill-departure">Cancelled flight (local time)</Label>
              <Input id="drill-departure" type="datetime-local" value={departure} onChange={(e) => setDeparture(e.target.value)} />
              {error("departure")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="drill-next">Next flight (local time)</Label>
              <Input id="drill-next" type="datetime-local" value={nextFlight} onChange={(e) => setNextFlight(e.target.value)} data-testid="drill-next-flight" />
              {error("nextFlight")}
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              Tier mix (%) <span className={total === 100 ? "text-muted-foreground" : "text-destructive"}>total {total}</span>
            </legend>
            <div className="grid gap-3 md:grid-cols-5">
              {TIERS.map((t) => (
                <div key={t} className="grid gap-1.5">
                  <Label htmlFor={`drill-mix-${t}`} className="text-xs">
                    {t}
                  </Label>
                  <Input id={`drill-mix-${t}`} type="number" min={0} max={100} value={mix[t]} onChange={(e) => setMix({ ...mix, [t]: Number(e.target.value) })} />
                </div>
              ))}
            </div>
            {error("tierMix")}
          </fieldset>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={busy} data-testid="drill-launch">
              <Siren aria-hidden /> {busy ? "Launching…" : "Launch drill"}
            </Button>
            {launched && (
              <Link href={`/cases/${encodeURIComponent(launched.caseUrn)}`} className="text-sm underline" data-testid="drill-launched">
                Open the drill case
              </Link>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
