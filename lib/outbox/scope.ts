import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The outbox ids emitted inside one transaction() (lib/context.ts), so that in inngest mode they
 * can be sent right after its commit (lib/outbox/send-after-commit.ts). Outside such a scope (the
 * embedded runner's mode, or a transaction opened by hand) emit notes nothing and the events wait
 * for their dispatcher: the embedded runner, or Inngest mode's safety net.
 */
const scope = new AsyncLocalStorage<string[]>();

export function noteEmitted(id: string): void {
  scope.getStore()?.push(id);
}

export function inOutboxScope(): boolean {
  return scope.getStore() !== undefined;
}

/** Runs fn collecting the ids emitted within it; answers its result and those ids. */
export async function collectingEmitted<T>(fn: () => Promise<T>): Promise<{ result: T; ids: string[] }> {
  const ids: string[] = [];
  const result = await scope.run(ids, fn);
  return { result, ids };
}
