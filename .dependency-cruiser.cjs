/**
 * The layering of lib/, checked by `npm run depcheck` (and by `npm test`'s static checks).
 *
 * A unit is a folder of lib/ or a file directly under it. LAYERS lists every unit, bottom first;
 * a unit may import at run time only the units listed before it (its own layer's earlier rows
 * included), never one listed after it. A total order forbids every cycle between units, and
 * reading the list top-down says which way each dependency runs. Type-only imports are left out:
 * they vanish when the code is compiled, so a record type may still name a type of a domain above.
 *
 * When a lower unit needs something a higher one does, it publishes a fact instead (an event
 * through the job outbox, or a reaction the higher layer registers) or the shared piece moves
 * down. A new folder of lib/ goes into LAYERS before it can be imported (rule lib-unit-unlisted).
 *
 * There is no list of tolerated violations: every import of lib/ follows the layering.
 */

/** @type {[layer: string, units: string[]][]} bottom first */
const LAYERS = [
  // primitives: no I/O beyond configuration and logging; import nothing of the domains
  [
    "foundation",
    [
      "duration", "config", "log", "errors", "ids", "chunks", "group-by", "time-zones", "utils", "escape-html", "validation-messages",
      "primitives", "vocabulary", "validation", "printable", "i18n", "kept-secret", "observability", "prng", "phone",
    ],
  ],
  // HTTP plumbing shared by the API and the domains' list verbs: cursors, bodies, rate limits, outbound calls
  ["http", ["http", "outbound"]],
  // what every verb stands on: the context, the job outbox and its event catalogue, principals, the audit trail
  ["platform", ["outbox", "context", "case-facts", "airport-facts", "events", "auth", "jobs", "audit", "tenants"]],
  // the outside systems (hotel providers, payments, fleet, rides, meals, model, SMS) and a case's choice of live or drill peers
  ["peers", ["start-sandbox-if-asked", "providers", "payments", "peers", "sms", "boot-peers"]],
  // pure computation: the allocation engine, the spreadsheet reader and the worker-thread pool that runs them
  ["compute", ["allocation-engine", "sheets", "pool"]],
  // the domains, each above the ones it reads
  [
    "domains",
    [
      "hotels", "users", "service-tokens", "policies", "records", "webhooks", "alerting", "sla",
      "cases", "privacy", "care", "demand", "transport", "rides", "vouchers", "allocation", "booking", "quality", "review",
      "extranet", "capacity", "meals", "passenger", "messages", "reports", "drills", "agent", "backup",
    ],
  ],
  // read side and entry points: read models over several domains, the console board, the REST API, server actions' helper, boot
  // reactions: what the domains do on one another's facts, registered above them all
  ["surface", ["reactions", "read-models", "board", "console", "api", "boot"]],
];

const units = LAYERS.flatMap(([, names]) => names);
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** the paths of a unit: its folder, or its file with any extension */
const unitPath = (u) => `^lib/${esc(u)}(/|\\.[cm]?[jt]sx?$)`;

const layeringRules = units.slice(0, -1).map((unit, i) => ({
  name: `layers:${unit}`,
  severity: "error",
  comment: `lib/${unit} imports a unit listed after it in LAYERS (.dependency-cruiser.cjs): a dependency that climbs back up`,
  from: { path: unitPath(unit) },
  to: { path: units.slice(i + 1).map(unitPath), dependencyTypesNot: ["type-only"] },
}));

module.exports = {
  forbidden: [
    ...layeringRules,
    {
      name: "lib-unit-unlisted",
      severity: "error",
      comment: "a folder or file of lib/ that LAYERS (.dependency-cruiser.cjs) does not place: add it where it belongs",
      from: { path: "^lib/" },
      to: { path: "^lib/", pathNot: units.map(unitPath) },
    },
    {
      name: "lib-not-above",
      severity: "error",
      comment: "lib/ sits below the app, the Inngest functions and the components: it never imports them (type-only imports aside)",
      from: { path: "^lib/" },
      to: { path: "^(app|inngest/functions|components)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-below-lib",
      severity: "error",
      comment: "db/ (schema, client; not the seed, which writes through the verbs) is below every domain: it imports only lib's foundation at run time",
      from: { path: "^db/", pathNot: "^db/seed" },
      to: { path: "^lib/", pathNot: LAYERS[0][1].map(unitPath), dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-runtime-circular",
      severity: "error",
      comment: "files of lib/ that import each other at run time in a loop (type-only imports left out)",
      from: { path: "^lib/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.data|tests|db/migrations)/" },
    // record type-only imports too, so the rules above can tell them apart from run-time ones
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
