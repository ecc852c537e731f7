import type { Ctx } from "@/lib/context";
import type { EventData, EventName } from "./catalogue";

/**
 * In-process reactions to published facts: a domain publishes (`emit`), the domains that care react
 * right after the commit, in the same process, without a queued job and without the publisher
 * importing them. The layer above the domains registers them (lib/reactions). A reaction must be
 * idempotent: the fact's outbox event lets a job or a reconcile run it again after a crash between
 * the commit and the reaction.
 */
export type Reaction<N extends EventName> = (ctx: Ctx, data: EventData<N>) => Promise<void>;

type Registry = Map<EventName, Map<string, Reaction<EventName>>>;

// one registry per process: Next bundles a route and instrumentation apart, each with its own module instances
const KEY = Symbol.for("disruption-accommodation.reactions");
function registry(): Registry {
  const g = globalThis as { [KEY]?: Registry };
  return (g[KEY] ??= new Map());
}

/** Registers a reaction to a fact under a name: a module loaded twice (two bundles) replaces its own, never doubles it. */
export function onCommitted<N extends EventName>(name: N, key: string, reaction: Reaction<N>): void {
  const byKey = registry().get(name) ?? new Map<string, Reaction<EventName>>();
  byKey.set(key, reaction as unknown as Reaction<EventName>);
  registry().set(name, byKey);
}

export function reactionsTo<N extends EventName>(name: N): Reaction<N>[] {
  return [...(registry().get(name)?.values() ?? [])] as unknown as Reaction<N>[];
}
