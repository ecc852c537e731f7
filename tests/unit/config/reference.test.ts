import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envExample, referenceTable, TABLE_BEGIN, TABLE_END } from "@/lib/config/reference";
import { VAR_NAMES } from "@/lib/config/schema";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (p: string) => fs.readFileSync(path.join(root, p), "utf8");

describe("the configuration's three lists: lib/config/schema.ts, .env.example, docs/configuration.md", () => {
  const example = read(".env.example");
  const docs = read("docs/configuration.md");
  const table = docs.slice(docs.indexOf(TABLE_BEGIN), docs.indexOf(TABLE_END));

  it("name the same variables", () => {
    const inExample = [...example.matchAll(/^# ([A-Za-z][A-Za-z0-9_]*)=/gm)].map((m) => m[1]);
    const inDocs = [...table.matchAll(/^\| `([A-Za-z][A-Za-z0-9_]*)` \|/gm)].map((m) => m[1]);
    expect(VAR_NAMES.length).toBeGreaterThan(100);
    expect(inExample).toEqual(VAR_NAMES);
    expect(inDocs).toEqual(VAR_NAMES);
  });

  it("are generated from the schema and current (`npm run config:docs` rewrites them)", () => {
    expect(example).toBe(envExample());
    expect(table.trim()).toBe(`${TABLE_BEGIN}\n${referenceTable()}`);
  });

  it("comment every variable of .env.example with what it does", () => {
    const lines = example.split("\n");
    const undescribed = lines.flatMap((l, i) => (/^# [A-Za-z][A-Za-z0-9_]*=/.test(l) && !/^# \S.*\(.+\)$/.test(lines[i - 1] ?? "") ? [l] : []));
    expect(undescribed).toEqual([]);
  });
});

describe("the code reads the environment through lib/config only", () => {
  it("no file under lib, app, inngest, db, emails, components nor instrumentation.ts or proxy.ts names process.env outside lib/config", () => {
    const files = ["lib", "app", "inngest", "db", "emails", "components"].flatMap((d) => walk(path.join(root, d)));
    files.push(path.join(root, "instrumentation.ts"), path.join(root, "proxy.ts"));
    const readers = files
      .filter((f) => !path.relative(root, f).startsWith(`lib${path.sep}config`))
      .filter((f) => fs.readFileSync(f, "utf8").includes("process.env"))
      .map((f) => path.relative(root, f));
    expect(files.length).toBeGreaterThan(100);
    expect(readers).toEqual([]);
  });
});

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) ? [p] : [];
  });
}
