import type { Metadata } from "next";
import { Forbidden } from "@/components/console/forbidden";
import { PageHeader } from "@/components/console/page-header";
import { NewCaseForm } from "@/components/cases/new-case-form";
import { hasPermission, rolesFor } from "@/lib/auth/roles";
import { boardAirports } from "@/lib/board";
import { COLUMNS } from "@/lib/cases/bulk/validate-rows";
import { airportTimeZones } from "@/lib/cases/airports";
import { sessionCtx } from "@/lib/console/session-ctx";
import { manifestOfFileAction, openCaseAction, previewNewCaseAction } from "./actions";

export const metadata: Metadata = { title: "New case" };

/** Opening a case by hand: for drills, tests, or when the airline feed is down (spec part 1). */
export default async function NewCasePage() {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "case:create")) {
    return (
      <Forbidden
        what="Opening a case"
        roles={rolesFor("case:create")
          .filter((r) => r !== "FEED")
          .join(" or ")}
      />
    );
  }
  const codes = await boardAirports({ ctx });
  const zones = await airportTimeZones(ctx, codes);
  return (
    <>
      <PageHeader
        title="New case"
        description="Open a case by hand when the airline feed is down, or for a test. The manifest is checked before anything is created; the case then runs as one from the feed."
      />
      <NewCaseForm
        airports={codes.map((code) => ({ code, zone: zones[code] ?? "UTC" }))}
        header={COLUMNS.join(",")}
        preview={previewNewCaseAction}
        readFile={manifestOfFileAction}
        open={openCaseAction}
      />
    </>
  );
}
