/**
 * The app as a benchmark starts it: `scripts/start.ts` (which builds first when the build is
 * missing or stale; SKIP_BUILD=1 reuses it) in its own process group on a free port, waited for
 * until /api/v1/health answers, and stopped with the whole group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "@/tests/helpers/ports";

export type RunningApp = { base: string; pid: number; stop: () => void };

export async function startApp(env: Record<string, string | undefined>, opts: { port?: number; quiet?: boolean; timeoutMs?: number } = {}): Promise<RunningApp> {
  const port = opts.port ?? (await freePort());
  const app: ChildProcess = spawn(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", opts.quiet ? "ignore" : "inherit", "inherit"],
    // its own process group: the build, the wrapper and the server stop together
    detached: true,
  });
  const stop = () => {
    try {
      if (app.pid) process.kill(-app.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(base, opts.timeoutMs ?? 20 * 60_000, app);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, pid: app.pid!, stop };
}


async function waitHealthy(base: string, timeoutMs: number, app: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the app at ${base} did not become healthy`);
}

/** The value at quantile q of ascending `sorted` (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
