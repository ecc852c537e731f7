import http from "node:http";
import { PEER_HEADER } from "./client-address";

type Holder = { __dasPeerHeader?: boolean };

/**
 * Records each request's TCP peer under PEER_HEADER before Next handles it, replacing whatever a
 * client sent under that name. `next start` runs the HTTP server in this process, so patching the
 * server's `emit` reaches every request; called once from instrumentation.ts. Idempotent.
 */
export function installPeerHeader(): void {
  const g = globalThis as Holder;
  if (g.__dasPeerHeader) return;
  g.__dasPeerHeader = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
