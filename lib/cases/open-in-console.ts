import { z } from "zod";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { DomainError, invalid } from "@/lib/errors";
import { CalendarDate, IataCode, Text } from "@/lib/primitives";
import { localTimeToUtc } from "@/lib/time-zones";
import { parseInput } from "@/lib/validation";
import { DisruptionCause, DisruptionKind, FlightStatus } from "@/lib/vocabulary";
import { airportTimeZone } from "./airports";
import { createCase } from "./create";
import { groupsOfRows } from "./bulk/validate-rows";
import { MANIFEST_MAX_CHARS } from "./form-limits";
import { type ManifestPreview, previewManifest } from "./manifest-preview";
import type { Case } from "./records";

/**
 * A datetime-local input's value: the wall clock at the case's airport. Its date is a CalendarDate,
 * as the API's (a real day within the API's window: 2026-02-31 is refused, not read as 3 March),
 * its time a real hour and minute, so turning it into an instant never throws.
 */
const WallClock = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, "a date and time")
  .superRefine((v, ctx) => {
    const date = CalendarDate.safeParse(v.slice(0, 10));
    const issue = date.success ? null : date.error.issues[0];
    // the window's own words ("must be at most 2 years from now"), else the date is no day at all
    if (issue) ctx.addIssue({ code: "custom", message: issue.code === "custom" ? issue.message : "not a real calendar date" });
  });

/**
 * The console's "New case" form: the case payload of POST /cases in the words of a form. Times are
 * the airport's wall clock (the origin's zone, as every time on the case page), the manifest the
 * bulk upload's spreadsheet as text. createCase still parses everything it builds.
 */
export const OpenCaseForm = z.object({
  // made once per form: a double submit answers the case the first one opened (createCase is idempotent on it)
  externalEventId: z.string().regex(/^console-[0-9a-f-]{36}$/, "reload the page and try again"),
  // the API's own schemas: a NUL or a bidi character never reaches a query (docs/console.md)
  flightNumber: Text.trim().min(1, "required"),
  origin: IataCode,
  destination: IataCode,
  departure: WallClock,
  flightStatus: FlightStatus.default("CANCELLED"),
  nextFlightNumber: Text.trim().optional(),
  nextDeparture: z.union([WallClock, z.literal("")]).optional(),
  disruptionKind: DisruptionKind.default("CANCELLATION"),
  disruptionCause: DisruptionCause.default("UNKNOWN"),
  description: Text.trim().max(200).optional(),
  manifest: z.string().max(MANIFEST_MAX_CHARS, "at most 5 MB of text: upload the rest through the case page"),
});
export type OpenCaseForm = z.input<typeof OpenCaseForm>;

/** createCase's field paths as the form's field names, so a refusal shows beside its field. */
const FORM_FIELD: [RegExp, string][] = [
  [/^flight\.number/, "flightNumber"],
  [/^flight\.origin/, "origin"],
  [/^flight\.destination/, "destination"],
  [/^flight\.scheduledDeparture/, "departure"],
  [/^flight\.status/, "flightStatus"],
  [/^nextFlight\.number/, "nextFlightNumber"],
  [/^nextFlight/, "nextDeparture"],
  [/^disruption\.description/, "description"],
  [/^disruption/, "disruptionKind"],
  [/^passengerGroups/, "manifest"],
];

const onForm = (path: string) => FORM_FIELD.find(([re]) => re.test(path))?.[1] ?? path;

/** What the form shows before anything is created: the same checks opening would make. */
export async function previewNewCase({ ctx, input }: { ctx: Ctx; input: { manifest: string } }): Promise<ManifestPreview> {
  requirePermission(ctx, "case:create", "open cases");
  return (await previewManifest(String(input.manifest ?? ""))).preview;
}

/**
 * Opens a case from the console form through createCase, the verb POST /cases calls (its
 * permission, airport scope, audit and outbox), with the signed-in user as the actor. A manifest
 * with any refused row opens nothing; the refusal lists the rows in words.
 */
export async function openCaseInConsole({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ created: boolean; record: Case }> {
  requirePermission(ctx, "case:create", "open cases");
  const form = parseInput(OpenCaseForm, input);
  const { preview, rows } = await previewManifest(form.manifest);
  if (!rows)
    throw invalid(
      "The manifest has rows to fix; nothing was created.",
      preview.problems.map((p) => ({ path: "manifest", message: p.text })),
    );
  const zone = await airportTimeZone(ctx, form.origin);
  const utc = (wall: string) => localTimeToUtc(wall.slice(0, 10), wall.slice(11, 16), zone).toISOString();
  const next =
    form.nextFlightNumber || form.nextDeparture
      ? {
          number: form.nextFlightNumber ?? "",
          scheduledDeparture: form.nextDeparture ? utc(form.nextDeparture) : "",
        }
      : null;
  try {
    return await createCase({
      ctx,
      input: {
        externalEventId: form.externalEventId,
        flight: {
          number: form.flightNumber,
          origin: form.origin,
          destination: form.destination,
          scheduledDeparture: utc(form.departure),
          status: form.flightStatus,
        },
        nextFlight: next,
        disruption: {
          kind: form.disruptionKind,
          cause: form.disruptionCause,
          ...(form.description ? { description: form.description } : {}),
        },
        passengerGroups: groupsOfRows(rows),
      },
    });
  } catch (err) {
    if (!(err instanceof DomainError) || !err.errors.length) throw err;
    throw new DomainError(
      err.status,
      err.code,
      err.message,
      err.errors.map((e) => ({ ...e, path: onForm(e.path) })),
      err.headers,
      err.extensions,
    );
  }
}
