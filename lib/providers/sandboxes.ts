import { expediaSandbox } from "./expedia-rapid/sandbox";
import type { Faults } from "@/lib/http/faults";
import { hotelbedsSandbox } from "./hotelbeds/sandbox";
import { listen } from "./sandbox-kit";
import type { WorldOptions } from "./world";

export type RunningSandboxes = {
  expediaUrl: string;
  hotelbedsUrl: string;
  /** in-process handles on each sandbox's faults (the same as POST /__sandbox/faults) */
  faults: { EXPEDIA_RAPID: Faults; HOTELBEDS: Faults };
  stop: () => Promise<void>;
};

/**
 * Starts both sandbox providers in this process, on free ports of 127.0.0.1 (or the ports
 * given). The embedded default (lib/boot.ts) and the tests use them when no real provider URL
 * is configured.
 */
export async function startSandboxes(options: WorldOptions & { expediaPort?: number; hotelbedsPort?: number; tokenTtlSeconds?: number } = {}): Promise<RunningSandboxes> {
  const expedia = expediaSandbox(options);
  const hb = hotelbedsSandbox(options);
  const e = await listen(expedia.server, options.expediaPort ?? 0);
  const h = await listen(hb.server, options.hotelbedsPort ?? 0).catch(async (err) => {
    await e.stop();
    throw err;
  });
  return {
    expediaUrl: e.url,
    hotelbedsUrl: h.url,
    faults: { EXPEDIA_RAPID: expedia.faults, HOTELBEDS: hb.faults },
    stop: async () => {
      await Promise.all([e.stop(), h.stop()]);
    },
  };
}
