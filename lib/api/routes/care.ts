import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { CaseCare } from "@/lib/care/schemas";

export const getCaseCareRoute = defineRoute({
  method: "GET",
  path: "/cases/{caseUrn}/care",
  tag: "Cases",
  summary: "Get a case's right to care",
  description: [
    "Who on the case is owed what while they wait (meals, hotel, transfers, communication), as the newest assessment",
    "decided it: the facts it read (distance, countries, carrier's country, wait, overnight), the regimes that cover the",
    "flight, per passenger every entitlement with its bases (regime, article, rule in words, inputs), a count per kind,",
    "and the `history` of versions, newest first (a new version when the next flight moves or passengers are added).",
    "A case not assessed yet is decided on this read. For the roles that read the case, under the same rules as",
    "GET /cases/{caseUrn}: another tenant's case (or, for a FEED client, a case it did not create) is 404, an airport",
    "outside the caller's claims 403 OUT_OF_SCOPE.",
  ].join("\n"),
  permission: "case:read",
  params: z.object({ caseUrn: urnParam("case") }),
  response: CaseCare,
  errors: [404],
});
