import { GROUPS, VAR_NAMES, VARIABLES, type VarName } from "./schema";

/**
 * The two texts generated from the schema: the table of docs/configuration.md (between its
 * `config:begin` and `config:end` markers) and .env.example. `npm run config:docs` writes them;
 * tests/unit/config checks they are current, so the list cannot drift from the code.
 */
const cell = (s: string) => s.replace(/\|/g, "\\|");
const namesOf = (group: (typeof GROUPS)[number]): VarName[] => VAR_NAMES.filter((n) => VARIABLES[n].group === group);

export const TABLE_BEGIN = "<!-- config:begin (generated from lib/config/schema.ts by `npm run config:docs`) -->";
export const TABLE_END = "<!-- config:end -->";

export function referenceTable(): string {
  const rows = ["| variable | type | default | what it does |", "|---|---|---|---|"];
  for (const group of GROUPS) {
    rows.push(`| **${group}** | | | |`);
    for (const name of namesOf(group)) {
      const v = VARIABLES[name];
      rows.push(`| \`${name}\` | ${cell(v.kind)} | ${v.default === null ? "unset" : `\`${cell(v.default)}\``} | ${cell(v.description)} |`);
    }
  }
  return rows.join("\n");
}

export function envExample(): string {
  const out = [
    "# Every variable the project reads, with its default (generated from lib/config/schema.ts by",
    "# `npm run config:docs`; docs/configuration.md says more). Nothing is required: `npm start` runs",
    "# with none of them. An empty value counts as unset; a bad one stops `npm start` naming it.",
  ];
  for (const group of GROUPS) {
    out.push("", `# --- ${group}`);
    for (const name of namesOf(group)) {
      const v = VARIABLES[name];
      out.push(`# ${v.description} (${v.kind})`, `# ${name}=${v.default ?? ""}`);
    }
  }
  return `${out.join("\n")}\n`;
}
