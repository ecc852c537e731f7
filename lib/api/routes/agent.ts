import { defineRoute } from "@/lib/api/route";
import { Policy } from "@/lib/policies/schemas";
import { SynthesizeBody } from "@/lib/policies/synthesize";

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
