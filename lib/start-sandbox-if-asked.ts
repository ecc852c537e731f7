import { rawVar, setVar, type VarName } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { publicBaseUrl } from "@/lib/http/public-url";

export type SandboxBoot = {
  /** the variable that asks for it: `<urlVar>=sandbox` */
  urlVar: VarName;
  /** "meal voucher issuer", for the log lines */
  what: string;
  /** what happens without it, for the failure's log line ("vouchers stay PENDING") */
  without: string;
  /** starts it with our public base URL (for its callbacks); answers the variables that point every client at it (its URL among them) */
  start: (publicBase: string) => Promise<{ url: string; env: Partial<Record<VarName, string>> }>;
};

/**
 * `<urlVar>=sandbox`: start one of our peer sandboxes in this process (the supervisor, before the
 * web process and the workers) and point every client at it by setting the variables it answers.
 * Otherwise nothing starts. A failure is logged and `<urlVar>` unset, so the peer reads as not
 * configured (what `without` says) rather than failing every call.
 */
export async function startSandboxIfAsked(boot: SandboxBoot): Promise<void> {
  if (rawVar(boot.urlVar) !== "sandbox") return;
  try {
    const running = await boot.start(publicBaseUrl());
    for (const [k, v] of Object.entries(running.env)) setVar(k as VarName, v);
    log("info", `sandbox ${boot.what} started`, { url: running.url });
  } catch (err) {
    setVar(boot.urlVar, undefined);
    log("error", `sandbox ${boot.what} did not start: ${boot.without}`, errorFields(err));
  }
}
