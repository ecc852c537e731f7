import type { Ctx } from "@/lib/context";
import type { EventData, EventName } from "./catalogue";

/**
 * In-process reactions to published facts: a domain publishes (`emit`), the domains that care react
 * right after the commit, in the same process, without a queued job and without the publisher
 * importing them. The layer above the domains registers them (lib/reactions). A reaction must be
 * idempotent: the fact's outbox event lets a job or a reconcile run it again after a crash between
 * the commit and the reaction.
 */
export type Reaction<N extends EventName> = (ctx: Ctx, data: EventData<N>, fact: { id: string; at: Date }) => Promise<void>;

/** when a reaction runs: after the publisher's commit (the default), or inside its transaction, whatever the publisher asked */
export type ReactionTiming = "after-commit" | "in-transaction";
type Registered = { reaction: Reaction<EventName>; timing: ReactionTiming };
type Registry = Map<EventName, Map<string, Registered>>;

// one registry per process: Next bundles a route and instrumentation apart, each with its own module instances
const KEY = Symbol.for("disruption-accommodation.reactions");
function registry(): Registry {
  const g = globalThis as { [KEY]?: Registry };
  return (g[KEY] ??= new Map());
}

function register<N extends EventName>(name: N, key: string, reaction: Reaction<N>, timing: ReactionTiming): void {
  const byKey = registry().get(name) ?? new Map<string, Registered>();
  byKey.set(key, { reaction: reaction as unknown as Reaction<EventName>, timing });
  registry().set(name, byKey);
}

/** Registers a reaction to a fact under a name: a module loaded twice (two bundles) replaces its own, never doubles it. */
export function onCommitted<N extends EventName>(name: N, key: string, reaction: Reaction<N>): void {
  register(name, key, reaction, "after-commit");
}

/**
 * Registers a reaction that always runs inside the publisher's transaction: what it writes commits
 * with the fact or not at all, durable without a job of its own. For a reaction that costs a read when
 * there is nothing to do (the webhook fan-out: a meltdown publishes one fact per booking and most
 * tenants subscribe to none of them), where a queued run per fact cost several round trips.
 */
export function inPublisherTransaction<N extends EventName>(name: N, key: string, reaction: Reaction<N>): void {
  register(name, key, reaction, "in-transaction");
}

export function reactionsTo<N extends EventName>(name: N): { reaction: Reaction<N>; timing: ReactionTiming }[] {
  return [...(registry().get(name)?.values() ?? [])] as unknown as { reaction: Reaction<N>; timing: ReactionTiming }[];
}
