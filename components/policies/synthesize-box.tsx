"use client";

import { Loader2, Pencil, Sparkles } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { synthesizePolicyAction } from "@/app/(console)/policies/actions";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import type { ActionError } from "@/lib/console/action-result";
import type { Policy } from "@/lib/policies/schemas";
import { cn } from "@/lib/utils";
import { ActivateButton } from "./activate-button";
import { policyDiff } from "./policy-diff";

type Drafted = { draft: Policy; active: Policy | null; activeKnown: boolean };

const MAX = 4000;

/** A refusal in words: what happened and what to do next. */
function refusal(error: ActionError): { title: string; body: string; fields: string[] } {
  const fields = [...new Set(error.errors.map((e) => e.path).filter((p) => p && p !== "description"))];
  switch (error.code) {
    case "SYNTHESIS_INCOMPLETE":
      return {
        title: "The description did not say enough for a policy",
        body: "Nothing was drafted. Say these in the description and try again, or write the policy with “New policy”:",
        fields,
      };
    case "MODEL_UNAVAILABLE":
      return { title: "The policy model cannot be reached right now", body: "Nothing was drafted. Try again in a few minutes, or write the policy with “New policy”.", fields: [] };
    default:
      return { title: "No draft was made", body: error.errors.find((e) => e.path === "description")?.message ?? error.message, fields: [] };
  }
}

function contextLabel(p: Policy): string {
  const parts = [p.context.airport, p.context.airline && `airline ${p.context.airline}`, p.context.country && `country ${p.context.country}`].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Global";
}

/**
 * "Describe a policy": a supervisor writes a policy in plain language and the synthesizer drafts
 * it (POST /policies/synthesize's verb). The draft is shown against the ACTIVE policy of the same
 * context, field by field, with its provenance, to edit or activate; it is never active by itself.
 */
export function SynthesizeBox() {
  const [description, setDescription] = useState("");
  const [result, setResult] = useState<Drafted | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, start] = useTransition();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    start(async () => {
      const res = await synthesizePolicyAction(description);
      if ("error" in res && res.error) {
        setError(res.error);
        return;
      }
      if (res.ok) setResult(res.data);
    });
  }

  const shown = error ? refusal(error) : null;

  return (
    <Card className="mb-6" data-testid="policy-synthesize">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Sparkles aria-hidden className="size-4" />
          Describe a policy
        </CardTitle>
        <CardDescription>
          Write the policy in plain language; the model drafts it as a DRAFT for you to check against the active policy, edit and activate. Nothing applies until a
          supervisor activates it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor="policy-description">Description</Label>
          <Textarea
            id="policy-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={MAX}
            rows={3}
            // a sentence of example as placeholder read as text already typed in: the example is shown apart, labelled as one
            placeholder="Describe the policy in your own words…"
            aria-describedby="policy-description-example"
            className="placeholder:italic"
            data-testid="policy-synthesize-description"
          />
          <p id="policy-description-example" className="text-xs text-muted-foreground" data-testid="policy-synthesize-example">
            For example: <q className="italic">At LHR put crew in 4-star hotels within 10 km with 24-hour reception, no more than £180 a night</q>
          </p>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={pending || description.trim().length === 0} data-testid="policy-synthesize-submit">
              {pending ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
              {pending ? "Drafting…" : "Draft policy"}
            </Button>
            <span className="text-xs text-muted-foreground" aria-live="polite" data-testid="policy-synthesize-progress">
              {pending ? "Asking the model; this can take up to a minute." : `${description.length} / ${MAX}`}
            </span>
          </div>
        </form>

        {shown && (
          <Alert variant={error?.code === "MODEL_UNAVAILABLE" ? "warning" : "destructive"} data-testid="policy-synthesize-error" data-code={error?.code}>
            <AlertTitle>{shown.title}</AlertTitle>
            <AlertDescription>
              <p>{shown.body}</p>
              {shown.fields.length > 0 && (
                <ul className="list-disc pl-5">
                  {error!.errors
                    .filter((e) => shown.fields.includes(e.path))
                    .map((e) => (
                      <li key={`${e.path}:${e.message}`}>
                        <span className="font-mono">{e.path}</span>: {e.message}
                      </li>
                    ))}
                </ul>
              )}
            </AlertDescription>
          </Alert>
        )}

        {result && <DraftDiff {...result} />}
      </CardContent>
    </Card>
  );
}

function DraftDiff({ draft, active, activeKnown }: Drafted) {
  const rows = policyDiff(draft, active);
  const changed = rows.filter((r) => r.changed).length;
  return (
    <div className="grid gap-3" data-testid="policy-synthesize-draft" data-urn={draft.urn}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="muted">DRAFT</Badge>
        <span className="font-mono font-semibold">v{draft.version}</span>
        <span className="font-medium">{draft.name}</span>
        <span className="text-sm text-muted-foreground">
          {contextLabel(draft)} · {draft.tiers.join(", ")}
        </span>
      </div>
      {draft.provenance && (
        <p className="text-sm text-muted-foreground" data-testid="policy-synthesize-provenance">
          Drafted by AI, confidence <span className="font-medium text-foreground">{Math.round(draft.provenance.confidence * 100)} %</span>, from “
          <span className="italic">{draft.provenance.prompt}</span>”
        </p>
      )}
      {!activeKnown ? (
        <Alert variant="warning">
          <AlertDescription>The active policy of this context could not be read, so the draft is shown alone.</AlertDescription>
        </Alert>
      ) : active ? (
        <p className="text-sm" data-testid="policy-synthesize-against">
          Compared with the active <span className="font-mono font-semibold">v{active.version}</span> “{active.name}”: {changed} of {rows.length} fields differ.
        </p>
      ) : (
        <p className="text-sm" data-testid="policy-synthesize-no-active">
          No active policy for this context: activating this draft makes it the first.
        </p>
      )}
      <Table data-testid="policy-synthesize-diff">
        <TableHeader>
          <TableRow>
            <TableHead>Constraint</TableHead>
            <TableHead>Active</TableHead>
            <TableHead>Draft</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.field} data-field={r.field} data-changed={r.changed && active ? "true" : "false"} className={cn(r.changed && active && "bg-warning/10 font-medium")}>
              <TableCell>{r.label}</TableCell>
              <TableCell className="text-muted-foreground">{r.active ?? "—"}</TableCell>
              <TableCell>{r.draft}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline" data-testid="policy-synthesize-edit">
          <Link href={`/policies/${encodeURIComponent(draft.urn)}/edit`}>
            <Pencil aria-hidden />
            Edit draft
          </Link>
        </Button>
        <ActivateButton policy={draft} activeVersion={active?.version ?? null} />
      </div>
    </div>
  );
}
