import { errorFields, log } from "@/lib/log";
import { publicBaseUrl } from "@/lib/http/public-url";

export type SandboxBoot = {
  /** the variable that asks for it: `<urlVar>=sandbox` */
  urlVar: string;
  /** "meal voucher issuer", for the log lines */
  what: string;
  /** what happens without it, for the failure's log line ("vouchers stay PENDING") */
  without: string;
  /** starts it with our public base URL (for its callbacks); answers the variables that point every client at it (its URL among them) */
  start: (publicBase: string) => Promise<{ url: string; env: Record<string, string> }>;
};

/**
 * `<urlVar>=sandbox`: start one of our peer sandboxes in this process (the supervisor, before the
 * web process and the workers) and point every client at it by setting the variables it answers.
 * Otherwise nothing starts. A failure is logged and `<urlVar>` unset, so the peer reads as not
 * configured (what `without` says) rather than failing every call.
 */
export async function startSandboxIfAsked(boot: SandboxBoot): Promise<void> {
  if (process.env[boot.urlVar] !== "sandbox") return;
  try {
    const running = await boot.start(publicBaseUrl());
    for (const [k, v] of Object.entries(running.env)) process.env[k] = v;
    log("info", `sandbox ${boot.what} started`, { url: running.url });
  } catch (err) {
    delete process.env[boot.urlVar];
    log("error", `sandbox ${boot.what} did not start: ${boot.without}`, errorFields(err));
  }
}
