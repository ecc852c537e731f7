/**
 * `npm run token -- --tenant AF --role ADMIN --airports CDG,ORY [--sub urn:svc:user:…] [--name "Marie Dupont"] [--ttl 1h]`
 * `npm run token -- --tenant AF --role HOTEL --hotels urn:svc:hotel:…[,urn:svc:hotel:…]` (a contracted hotel's extranet user)
 * prints one signed token on one line. It needs only AUTH_SECRET (or the one generated under
 * DATA_DIR at first start) and opens no database, so it works while the server runs.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { Role } from "../lib/auth/roles";
import { formatSeconds, mintToken, tokenMaxTtlSeconds } from "../lib/auth/tokens";
import { parseDuration } from "../lib/duration";

const { values } = parseArgs({
  options: {
    tenant: { type: "string" },
    role: { type: "string", multiple: true },
    roles: { type: "string" },
    airports: { type: "string", default: "*" },
    sub: { type: "string" },
    ttl: { type: "string", default: "1h" },
    name: { type: "string" },
    hotels: { type: "string" },
  },
  strict: true,
});

const Args = z.object({
  tenant: z.string().regex(/^[A-Z0-9]{2}$/, "--tenant takes a two-character airline code, e.g. AF"),
  roles: z.array(Role).min(1, "--role is required (ADMIN, OPS_SUPERVISOR, AIRPORT_OPERATOR, FEED or HOTEL)"),
  airports: z.array(z.string().regex(/^([A-Z]{3}|\*)$/, "--airports takes IATA codes separated by commas, or *")).min(1),
  sub: z.string().min(1).optional(),
  ttlSeconds: z.number().int().positive("--ttl must be a duration like 30m, 1h or 7d"),
  name: z.string().optional(),
  hotels: z.array(z.string().regex(/^urn:svc:hotel:[0-9a-f-]{36}$/, "--hotels takes hotel URNs (urn:svc:hotel:…) separated by commas")).optional(),
}).superRefine((a, issue) => {
  const hotel = a.roles.includes("HOTEL");
  if (hotel && a.roles.length > 1) issue.addIssue({ code: "custom", path: ["roles"], message: "--role HOTEL is held alone" });
  if (hotel && !a.hotels?.length) issue.addIssue({ code: "custom", path: ["hotels"], message: "--role HOTEL needs --hotels urn:svc:hotel:…" });
  if (!hotel && a.hotels?.length) issue.addIssue({ code: "custom", path: ["hotels"], message: "--hotels is for --role HOTEL only" });
});

const roles = [...(values.role ?? []), ...(values.roles ? [values.roles] : [])].flatMap((r) => r.split(",")).map((r) => r.trim().toUpperCase()).filter(Boolean);
const parsed = Args.safeParse({
  tenant: values.tenant?.toUpperCase(),
  roles,
  airports: values.airports.split(",").map((a) => a.trim().toUpperCase()).filter(Boolean),
  sub: values.sub,
  ttlSeconds: Math.round(parseDuration(values.ttl) / 1000),
  // what the console says of the holder's acts ("case opened … by …") when no users row holds the subject
  name: values.name ?? `a command-line token (${roles.join(", ") || "no role"})`,
  hotels: values.hotels?.split(",").map((h) => h.trim()).filter(Boolean),
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`token: ${issue.message}`);
  process.exit(2);
}
// the API refuses a token that lives longer than TOKEN_MAX_TTL: say so here rather than mint a useless one
if (parsed.data.ttlSeconds > tokenMaxTtlSeconds()) {
  console.error(
    `token: --ttl ${values.ttl} is longer than the maximum of ${formatSeconds(tokenMaxTtlSeconds())} (TOKEN_MAX_TTL); ` +
      "for a long-lived client, mint a revocable service token in the console (Admin → Service tokens).",
  );
  process.exit(2);
}
const { token } = await mintToken(parsed.data);
process.stdout.write(token + "\n");
