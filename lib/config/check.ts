import { configProblems } from "./env";

/**
 * Before anything starts (`npm start`, the server's boot): a variable set to a value that does not
 * parse ends the process, one line per variable saying what is wrong, rather than a default taken
 * silently or a failure at the first request that reads it.
 */
export function refuseBadConfig(report: (line: string) => void = (line) => console.error(line)): void {
  const problems = configProblems();
  if (problems.length === 0) return;
  for (const p of problems) report(`configuration refused, nothing started: ${p} (see docs/configuration.md)`);
  process.exit(1);
}
