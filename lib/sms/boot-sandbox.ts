import { config, setVar } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { publicBaseUrl } from "@/lib/http/public-url";
import { startSmsSandbox } from "./sandbox";

/**
 * `SMS_URL=sandbox`: start our SMS gateway in this process (the supervisor, before the web process
 * and the workers) and point every client at it: SMS_URL becomes its account URL, SMS_KEY its key,
 * SMS_FROM a sandbox sender when unset. Passengers' replies (STOP, START) go to our
 * /api/v1/sms/inbound, receipts to /api/v1/sms/status. Without SMS_URL nothing starts: SMS are KEPT.
 * A failure is logged and SMS_URL unset, so messages are KEPT rather than failing.
 */
export async function startSmsSandboxIfAsked(): Promise<void> {
  if (config.SMS_URL !== "sandbox") return;
  try {
    const base = publicBaseUrl();
    const running = await startSmsSandbox({ inboundUrl: `${base}/api/v1/sms/inbound`, stepMs: 500, trustedOrigins: [base] });
    setVar("SMS_URL", running.accountUrl);
    setVar("SMS_KEY", running.authToken);
    if (!config.SMS_FROM) setVar("SMS_FROM", "+15005550006");
    log("info", "sandbox SMS gateway started", { url: running.url, callbacksTo: base });
  } catch (err) {
    setVar("SMS_URL", undefined);
    log("error", "sandbox SMS gateway did not start: SMS are KEPT", errorFields(err));
  }
}
