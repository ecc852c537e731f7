import { isNodeRuntime } from "./lib/config/runtime";

/** Next.js calls this once per server process before serving; the edge runtime has nothing to boot. */
export async function register() {
  if (!isNodeRuntime()) return;
  // first: the client address and scheme checks (sign-in throttle, Secure cookie) need the TCP peer
  (await import("./lib/http/peer-header")).installPeerHeader();
  // the reactions to facts, registered before any verb runs (routes and server actions publish facts too)
  await import("./lib/reactions");
  const [{ boot }, { jobs }] = await Promise.all([import("./lib/boot"), import("./inngest/functions")]);
  await boot({ jobs });
}
