import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { Policy } from "@/lib/policies/schemas";
import { SynthesizeBody } from "@/lib/policies/synthesize";
import { ReviewItem } from "@/lib/records/review";

export const synthesizePolicyRoute = defineRoute({
  method: "POST",
  path: "/policies/synthesize",
  tag: "Policies",
  summary: "Draft a policy from a description",
  description: [
    "The policy synthesizer (spec 4.3): `{ description }` in plain language becomes a DRAFT policy drafted by the",
    "configured model against the same schema as POST /policies, with provenance `{ source: \"ai\", confidence, prompt }`.",
    "The draft has no effect until a supervisor reviews and activates it; nothing in the description can activate it.",
    "An answer that does not validate is retried once, then refused with 422 SYNTHESIS_INCOMPLETE whose `errors` name the",
    "fields that could not be derived. When the model cannot be reached, 422 MODEL_UNAVAILABLE: nothing was drafted, write",
    "the policy by hand. An airport outside the caller's claims is 403 OUT_OF_SCOPE, as for POST /policies.",
  ].join("\n"),
  permission: "policy:write",
  sets: { status: ["DRAFT"] },
  body: SynthesizeBody,
  response: Policy,
  status: 201,
  errors: [422],
});

export const agentRecommendationsRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/recommendations/agent",
  tag: "Manual review",
  summary: "Ask the exception agent for recommendations",
  description: [
    "Runs the exception agent on the item now and replaces its recommendations: at most 3, most viable first (groups",
    "placed, then cost), each `rebook` with a hotelUrn or `relaxPolicy` with fields and value, a reason and an estimate",
    "recomputed by the allocation engine; `source` is `agent`. The agent only searches hotels, costs relaxations and",
    "classifies the cause on a redacted context; it books, cancels and notifies nothing. When the model is down or slow the",
    "deterministic recommendations are stored and answered instead (`source: deterministic`). No body; claims nothing.",
    "409 AGENT_DISABLED when the tenant has not turned the agent on; 409 for a RESOLVED item or a CLOSED case.",
  ].join("\n"),
  permission: "review:act",
  params: z.object({ itemUrn: urnParam("review") }),
  body: z.object({}),
  bodyOptional: true,
  response: ReviewItem,
  errors: [404, 409],
});
