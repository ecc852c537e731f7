"use client";

import { CircleAlert, CircleCheck, Download, FileSpreadsheet, Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { SPECIAL_NEEDS, TIERS } from "@/lib/vocabulary";

type RowReport = { row: number; pnr: string | null; passengerId: string | null; errors: { column: string; message: string }[] };
type Problem = { status: number; code: string; detail: string; errors?: { path: string; message: string }[]; rows?: RowReport[]; rowsRead?: number; rowsRejected?: number };
type Outcome = { kind: "added"; added: number; groupsCreated: number; groupsUpdated: number } | { kind: "refused"; problem: Problem };

const COLUMNS = "pnr, passengerId, firstName, lastName, tier, email, phone, specialNeeds";
const TEMPLATE = "/cases/passenger-template";

/**
 * Sends a passenger spreadsheet to the API (POST /cases/{urn}/passengers:bulk, the session cookie
 * authenticates) and shows what it says: the counts added, or each rejected row and why. A file
 * with any invalid row adds nothing.
 */
export function UploadPassengersDialog({ caseUrn }: { caseUrn: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    if (!file) {
      setOutcome({ kind: "refused", problem: { status: 422, code: "VALIDATION_FAILED", detail: "Choose a .xlsx or .csv file first." } });
      return;
    }
    setPending(true);
    setOutcome(null);
    try {
      const body = new FormData();
      body.append("file", file);
      // the raw colon form of the action; the route accepts it encoded too
      const res = await fetch(`/api/v1/cases/${encodeURIComponent(caseUrn)}/passengers:bulk`, { method: "POST", body, credentials: "same-origin" });
      const json = await res.json().catch(() => null);
      if (res.ok && json) {
        setOutcome({ kind: "added", added: json.added, groupsCreated: json.groupsCreated, groupsUpdated: json.groupsUpdated });
        toast.success(`${json.added} passengers added`);
        router.refresh();
      } else {
        setOutcome({
          kind: "refused",
          problem: json ?? { status: res.status, code: "ERROR", detail: `The server answered ${res.status}.` },
        });
      }
    } catch {
      setOutcome({ kind: "refused", problem: { status: 0, code: "NETWORK", detail: "The upload did not reach the server. Check the connection and try again." } });
    } finally {
      setPending(false);
    }
  }

  function reset() {
    setFile(null);
    setOutcome(null);
    if (input.current) input.current.value = "";
  }

  const problem = outcome?.kind === "refused" ? outcome.problem : null;
  const fileErrors = problem?.errors?.filter((e) => !e.path.startsWith("rows[")) ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="upload-passengers-open">
          <Upload aria-hidden />
          Add passengers
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Add passengers from a spreadsheet</DialogTitle>
          <DialogDescription>
            An .xlsx or .csv file, one passenger per row, with the columns <code className="font-mono text-xs">{COLUMNS}</code>. Rows are grouped by PNR. If any
            row is invalid, nothing is added.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 rounded-md border bg-muted/30 p-3 text-xs" data-testid="upload-allowed-values">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">Template:</span>
            <Button asChild size="sm" variant="outline">
              <a href={`${TEMPLATE}?format=xlsx`} download data-testid="upload-template-xlsx">
                <Download aria-hidden /> Excel (.xlsx)
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={`${TEMPLATE}?format=csv`} download data-testid="upload-template-csv">
                <Download aria-hidden /> CSV
              </a>
            </Button>
          </div>
          <p>
            <span className="font-medium">tier</span> (required): <code className="font-mono">{TIERS.join(", ")}</code>
          </p>
          <p>
            <span className="font-medium">specialNeeds</span> (optional, several separated by ;): <code className="font-mono">{SPECIAL_NEEDS.join(", ")}</code>
          </p>
          <p>pnr, passengerId, firstName and lastName are required; email and phone are optional.</p>
        </div>
        <form onSubmit={upload} className="grid gap-4" data-testid="upload-passengers-form">
          <div className="grid gap-1.5">
            <Label htmlFor="passenger-file">Spreadsheet</Label>
            <input
              ref={input}
              id="passenger-file"
              name="file"
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setOutcome(null);
              }}
              className="block w-full rounded-md border border-input bg-card text-sm file:mr-3 file:border-0 file:border-r file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium"
              data-testid="upload-passengers-file"
            />
          </div>

          {outcome?.kind === "added" && (
            <Alert variant="success" data-testid="upload-result">
              <CircleCheck aria-hidden />
              <AlertTitle>{outcome.added} passengers added</AlertTitle>
              <AlertDescription>
                {outcome.groupsCreated} new groups, {outcome.groupsUpdated} groups updated. Rooms needed are recomputed.
              </AlertDescription>
            </Alert>
          )}

          {problem && (
            <div className="grid gap-3" data-testid="upload-errors">
              <Alert variant="destructive">
                <CircleAlert aria-hidden />
                <AlertTitle>Nothing was added</AlertTitle>
                <AlertDescription>
                  <p>{problem.detail}</p>
                  {fileErrors.map((e) => (
                    <p key={e.path + e.message}>
                      <code className="font-mono">{e.path}</code>: {e.message}
                    </p>
                  ))}
                </AlertDescription>
              </Alert>
              {problem.rows && problem.rows.length > 0 && (
                <div className="max-h-72 overflow-y-auto">
                  <Table data-testid="upload-row-errors">
                    <TableHeader>
                      <TableRow>
                        <TableHead className="w-14 text-right">Row</TableHead>
                        <TableHead>PNR</TableHead>
                        <TableHead>Passenger</TableHead>
                        <TableHead>Problems</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {problem.rows.map((r) => (
                        <TableRow key={r.row} data-testid="upload-row-error" className="align-top">
                          <TableCell className="text-right font-mono tabular-nums">{r.row}</TableCell>
                          <TableCell className="font-mono">{r.pnr ?? "—"}</TableCell>
                          <TableCell className="font-mono">{r.passengerId ?? "—"}</TableCell>
                          <TableCell>
                            <ul className="grid gap-0.5 text-xs">
                              {r.errors.map((e, i) => (
                                <li key={i}>
                                  <span className="font-mono font-medium">{e.column}</span>: {e.message}
                                </li>
                              ))}
                            </ul>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </div>
          )}

          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {outcome?.kind === "added" ? "Close" : "Cancel"}
            </Button>
            {/* after a success the same file would only be refused as duplicates: choose a new one first */}
            <Button type="submit" disabled={pending || !file || outcome?.kind === "added"} data-testid="upload-passengers-submit">
              <FileSpreadsheet aria-hidden />
              {pending ? "Uploading…" : "Upload"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
