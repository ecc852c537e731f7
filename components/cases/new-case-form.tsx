"use client";

import { CircleAlert, CircleCheck, Download, FilePlus2, ListChecks } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import type { ManifestPreview } from "@/lib/cases/manifest-preview";
import type { OpenCaseForm } from "@/lib/cases/open-in-console";
import { DISRUPTION_CAUSES, DISRUPTION_KINDS } from "@/lib/vocabulary";

type Props = {
  airports: { code: string; zone: string }[];
  header: string;
  preview: (manifest: string) => Promise<ActionResult<ManifestPreview>>;
  /** an .xlsx (or .csv) file as manifest text, read on the server by the bulk upload's reader */
  readFile: (data: FormData) => Promise<ActionResult<{ manifest: string }>>;
  open: (form: unknown, requestRooms: boolean) => Promise<ActionResult<{ caseUrn: string; notice: string | null }>>;
};

const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replaceAll("_", " ");
const CAUSE_WORDS: Record<string, string> = {
  CONTROLLABLE: "The airline's doing (crew, technical…)",
  UNCONTROLLABLE: "Outside the airline's control (weather, strike…)",
  SAFETY: "Safety",
  UNKNOWN: "Not known yet",
};

/**
 * "New case": the flight, the next flight, the disruption and the manifest as the bulk upload's
 * spreadsheet (typed, pasted or loaded from an .xlsx or .csv file). The manifest is checked on the server with the
 * upload's own reader before the case may be opened; the server checks everything again on opening.
 */
export function NewCaseForm({ airports, header, preview, readFile, open }: Props) {
  const router = useRouter();
  // one id per form: a second click answers the case the first opened instead of opening another
  const [eventId] = useState(() => `console-${crypto.randomUUID()}`);
  const [form, setForm] = useState<Omit<OpenCaseForm, "externalEventId">>({
    flightNumber: "",
    origin: airports[0]?.code ?? "",
    destination: "",
    departure: "",
    flightStatus: "CANCELLED",
    nextFlightNumber: "",
    nextDeparture: "",
    disruptionKind: "CANCELLATION",
    disruptionCause: "UNKNOWN",
    description: "",
    manifest: `${header}\n`,
  });
  const [checked, setChecked] = useState<{
    text: string;
    preview: ManifestPreview;
  } | null>(null);
  const [requestRooms, setRequestRooms] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<"preview" | "open" | null>(null);
  const zone = airports.find((a) => a.code === form.origin)?.zone ?? "UTC";
  const set = (name: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const current = checked && checked.text === form.manifest ? checked.preview : null;
  const ready = current !== null && current.problems.length === 0;

  async function check() {
    setBusy("preview");
    const res = await preview(form.manifest);
    setBusy(null);
    if ("error" in res)
      return void toast.error("The manifest could not be checked", {
        description: res.error.message,
      });
    setChecked({ text: form.manifest, preview: res.data });
  }

  async function load(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    // the file's rows replace the manifest once read; a file that cannot be read leaves it as it was
    const replace = (manifest: string) => {
      setChecked(null);
      setForm((f) => ({ ...f, manifest }));
    };
    // a workbook is binary: the server reads it as the bulk upload does and answers its rows as text
    if (!file.name.toLowerCase().endsWith(".xlsx")) return void replace(await file.text());
    const data = new FormData();
    data.set("file", file);
    setBusy("preview");
    const res = await readFile(data);
    setBusy(null);
    if ("error" in res) return void toast.error("The file could not be read", { description: res.error.message });
    replace(res.data.manifest);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) return void check();
    setBusy("open");
    setErrors({});
    const res = await open({ ...form, externalEventId: eventId }, requestRooms);
    if ("error" in res) {
      setBusy(null);
      setErrors(Object.fromEntries(res.error.errors.map((x) => [x.path, x.message])));
      toast.error("The case was not opened", {
        description: res.error.message,
      });
      return;
    }
    toast.success("Case opened", { description: res.data.notice ?? undefined });
    router.push(`/cases/${encodeURIComponent(res.data.caseUrn)}`);
  }

  const field = (name: keyof typeof form, label: string, input: React.ReactNode, hint?: string) => (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={`new-case-${name}`}>{label}</Label>
      {input}
      {hint && <p className="break-words text-xs text-muted-foreground">{hint}</p>}
      {errors[name] && (
        <p className="text-sm text-destructive" id={`new-case-${name}-error`} data-testid={`new-case-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  const text = (name: keyof typeof form, props: React.ComponentProps<typeof Input> = {}) => (
    <Input
      id={`new-case-${name}`}
      value={String(form[name] ?? "")}
      onChange={set(name)}
      aria-invalid={errors[name] ? true : undefined}
      data-testid={`new-case-${name}`}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="new-case-form">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Flight</CardTitle>
          <CardDescription>Times are local at the departure airport ({zone}).</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {field(
            "flightNumber",
            "Flight number",
            text("flightNumber", {
              placeholder: "AF1234",
              autoCapitalize: "characters",
            }),
          )}
          {field(
            "origin",
            "From",
            <NativeSelect id="new-case-origin" value={form.origin} onChange={set("origin")} data-testid="new-case-origin">
              {airports.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.code}
                </option>
              ))}
            </NativeSelect>,
          )}
          {field(
            "destination",
            "To",
            text("destination", {
              placeholder: "JFK",
              maxLength: 3,
              autoCapitalize: "characters",
            }),
          )}
          {field("departure", `Scheduled departure (${form.origin} local time)`, text("departure", { type: "datetime-local" }))}
          {field(
            "flightStatus",
            "Flight status",
            <NativeSelect id="new-case-flightStatus" value={form.flightStatus} onChange={set("flightStatus")} data-testid="new-case-flightStatus">
              {["CANCELLED", "DELAYED", "DIVERTED"].map((s) => (
                <option key={s} value={s}>
                  {words(s)}
                </option>
              ))}
            </NativeSelect>,
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Next flight and disruption</CardTitle>
          <CardDescription>The flight the passengers are rebooked on, if known: it decides how many nights they need.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {field(
            "nextFlightNumber",
            "Next flight number (optional)",
            text("nextFlightNumber", {
              placeholder: "AF1236",
              autoCapitalize: "characters",
            }),
          )}
          {field("nextDeparture", `Next flight departs (${form.origin} local time)`, text("nextDeparture", { type: "datetime-local" }))}
          {field(
            "disruptionKind",
            "What happened",
            <NativeSelect id="new-case-disruptionKind" value={form.disruptionKind} onChange={set("disruptionKind")} data-testid="new-case-disruptionKind">
              {DISRUPTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {words(k)}
                </option>
              ))}
            </NativeSelect>,
          )}
          {field(
            "disruptionCause",
            "Whose doing",
            <NativeSelect id="new-case-disruptionCause" value={form.disruptionCause} onChange={set("disruptionCause")} data-testid="new-case-disruptionCause">
              {DISRUPTION_CAUSES.map((c) => (
                <option key={c} value={c}>
                  {CAUSE_WORDS[c] ?? words(c)}
                </option>
              ))}
            </NativeSelect>,
          )}
          {field(
            "description",
            "Cause in the airline's words (optional)",
            text("description", {
              placeholder: "crew shortage",
              maxLength: 200,
            }),
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Passengers</CardTitle>
          <CardDescription>
            One passenger per line, as the spreadsheet upload takes it: the first line names the columns, passengers of one booking share its PNR. Paste from a
            spreadsheet, type, or load a .csv file.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {field(
            "manifest",
            "Manifest",
            <Textarea
              id="new-case-manifest"
              value={form.manifest}
              onChange={set("manifest")}
              rows={8}
              spellCheck={false}
              className="font-mono text-xs"
              aria-invalid={errors.manifest || (current && current.problems.length) ? true : undefined}
              data-testid="new-case-manifest"
            />,
            // with spaces, so a phone can wrap the list
            `Columns: ${header.split(",").join(", ")}. Tiers: First, Business, Premium economy, Economy, Crew.`,
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="new-case-file" className="sr-only">
              Load an .xlsx or .csv file
            </Label>
            <Input id="new-case-file" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={load} className="w-full max-w-xs" data-testid="new-case-file" />
            <Button asChild variant="ghost" size="sm">
              <a href="/cases/passenger-template?format=csv" download>
                <Download aria-hidden /> Template
              </a>
            </Button>
            <Button type="button" variant="outline" onClick={check} disabled={busy !== null} data-testid="new-case-check">
              <ListChecks aria-hidden /> {busy === "preview" ? "Checking…" : "Check the manifest"}
            </Button>
          </div>
          {current && <PreviewPanel preview={current} />}
          {checked && !current && <p className="text-sm text-muted-foreground">The manifest changed since it was checked: check it again.</p>}
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <Checkbox
            id="new-case-request-rooms"
            checked={requestRooms}
            onCheckedChange={(v) => setRequestRooms(v === true)}
            data-testid="new-case-request-rooms"
          />
          <Label htmlFor="new-case-request-rooms">
            Request the rooms the manifest needs
            {current?.rooms ? ` (${current.rooms})` : ""} at once
          </Label>
        </div>
        <Button type="submit" disabled={busy !== null || !ready} data-testid="new-case-submit">
          <FilePlus2 aria-hidden /> {busy === "open" ? "Opening…" : "Open case"}
        </Button>
        {!ready && <p className="text-sm text-muted-foreground">Check the manifest first: the case opens once every row is right.</p>}
      </div>
    </form>
  );
}

function PreviewPanel({ preview }: { preview: ManifestPreview }) {
  if (preview.problems.length) {
    return (
      <Alert variant="destructive" data-testid="new-case-problems">
        <CircleAlert aria-hidden />
        <AlertTitle>
          {preview.rows ? `${preview.problems.length} of ${preview.rows} rows to fix` : "The manifest cannot be read"}: nothing is opened until they are right
        </AlertTitle>
        <AlertDescription>
          <ul className="grid gap-1">
            {preview.problems.map((p, i) => (
              <li key={i} data-testid="new-case-problem" data-row={p.row ?? undefined} className="break-words">
                {p.text}
              </li>
            ))}
          </ul>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-2" data-testid="new-case-preview">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CircleCheck className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden />
        {preview.passengers} passenger{preview.passengers === 1 ? "" : "s"} in {preview.groups.length} booking{preview.groups.length === 1 ? "" : "s"}:{" "}
        {preview.rooms} room
        {preview.rooms === 1 ? "" : "s"} needed
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {preview.groups.map((g) => (
          <li key={g.pnr} className="min-w-0 rounded-md border p-2 text-sm" data-testid="new-case-preview-group">
            <div className="font-mono font-medium">{g.pnr}</div>
            <div className="break-words">{g.names.join(", ")}</div>
            <div className="text-xs text-muted-foreground">
              {g.tiers.map(words).join(", ")} · {g.rooms} room
              {g.rooms === 1 ? "" : "s"}
              {g.needs.length ? ` · ${g.needs.map(words).join(", ")}` : ""}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
