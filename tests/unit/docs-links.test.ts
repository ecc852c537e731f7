import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README is a front door to docs/: a link that points nowhere (a file renamed, a heading
 * reworded) is a dead end for the reader, and nothing else notices it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const docsDir = path.join(root, "docs");
const pages = ["README.md", ...fs.readdirSync(docsDir).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** Markdown outside fenced code blocks, with inline code spans blanked (their text is not markup). */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, "code");
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

type Link = { page: string; line: number; target: string };

function links(page: string): Link[] {
  const out: Link[] = [];
  prose(fs.readFileSync(path.join(root, page), "utf8")).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ page, line: i + 1, target: m[1] });
  });
  return out;
}

const relative = pages.flatMap(links).filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target));

describe("documentation links", () => {
  it("finds the README and the docs", () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(relative.length).toBeGreaterThan(50);
  });

  it("every relative link names a file that exists", () => {
    const broken = relative
      .filter((l) => !l.target.startsWith("#"))
      .filter((l) => !fs.existsSync(path.resolve(path.dirname(path.join(root, l.page)), decodeURIComponent(l.target.split("#")[0]))))
      .map((l) => `${l.page}:${l.line} → ${l.target}`);
    expect(broken).toEqual([]);
  });

  it("every #anchor names a heading of its page", () => {
    const broken = relative
      .filter((l) => l.target.includes("#"))
      .filter((l) => {
        const [file, anchor] = l.target.split("#");
        const target = file ? path.resolve(path.dirname(path.join(root, l.page)), decodeURIComponent(file)) : path.join(root, l.page);
        if (!target.endsWith(".md") || !fs.existsSync(target)) return false; // a missing file is the other test's failure
        return !anchors(fs.readFileSync(target, "utf8")).has(decodeURIComponent(anchor));
      })
      .map((l) => `${l.page}:${l.line} → ${l.target}`);
    expect(broken).toEqual([]);
  });

  it("the README links every page of docs/", () => {
    const linked = new Set(links("README.md").map((l) => path.normalize(l.target.split("#")[0])));
    const orphans = pages.filter((p) => p.startsWith("docs/") && !linked.has(path.normalize(p)));
    expect(orphans).toEqual([]);
  });
});

describe("docs/configuration.md and .env.example", () => {
  const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
  const reference = fs.readFileSync(path.join(docsDir, "configuration.md"), "utf8");
  // a variable line, set or commented out: `NAME=value  # what it does` or `# NAME=…`
  const variables = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
  const documented = new Set([...reference.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));

  it("lists the variables of .env.example", () => {
    expect(variables.length).toBeGreaterThan(50);
  });

  it("documents every variable of .env.example", () => {
    expect(variables.filter((v) => !documented.has(v))).toEqual([]);
  });

  it("names no variable that .env.example lacks in its reference tables", () => {
    // the first cell of each table row of "Every variable" holds variable names
    const section = reference.slice(reference.indexOf("## Every variable"));
    const named = [...section.matchAll(/^\| ((?:`[A-Z][A-Z0-9_]+`(?:, )?)+) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([A-Z0-9_]+)`/g)].map((x) => x[1]));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((v) => !variables.includes(v))).toEqual([]);
  });
});
