/**
 * Where an app process's CPU went, from a V8 CPU profile (lib/observability/profile.ts writes one
 * per process on SIGUSR2 when PROFILE_CPU=1): self time per package or source folder, busiest first.
 */
import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

export function summarizeCpuProfile(file: string, top = 14): { what: string; ms: number; share: string }[] {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(p.samples[i]);
    if (!node) continue;
    const what = categoryOf(node.callFrame);
    if (what === "(idle)") continue;
    self.set(what, (self.get(what) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((s, x) => s + x, 0) || 1;
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([what, ms]) => ({ what, ms: Math.round(ms), share: `${Math.round((100 * ms) / total)} %` }));
}

function categoryOf(f: { functionName: string; url: string }): string {
  if (!f.url) return f.functionName.startsWith("(") ? f.functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (pkg) return pkg[1];
  if (f.url.startsWith("node:")) return `node:${f.url.slice(5).split("/")[0]}`;
  // Next's server bundles: the chunk name says little, the function name a bit more
  const app = /\/(lib|db|inngest|app|emails|scripts)\/([^/]+)/.exec(f.url);
  if (app) return `${app[1]}/${app[2]}`;
  if (f.url.includes(".next/")) return "app bundle (.next)";
  return f.url.split("/").slice(-2).join("/");
}
