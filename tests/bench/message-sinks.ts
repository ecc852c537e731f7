/**
 * Where the passengers' messages land during `npm run bench:e2e`: a real SMTP server (the tests'
 * own, tests/helpers/smtp.ts) and our SMS gateway sandbox (lib/sms/sandbox.ts), both in the bench's
 * process, so they outlive an app the chaos run kills and time every message on the bench's clock.
 * The gateway is started here rather than by the app (`SMS_URL=sandbox`) because the bench must know
 * its URL to read what it accepted; the app gets the same settings `SMS_URL=sandbox` would give it.
 */
import { startSmsSandbox, type SmsSandbox } from "@/lib/sms/sandbox";
import { startSmtpServer, type SmtpServer } from "@/tests/helpers/smtp";

export type MessageSinks = {
  smtp: SmtpServer;
  sms: SmsSandbox;
  /** the app's settings that send to them */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/** `appBase`: the app's own URL, where the gateway posts its delivery receipts and replies. */
export async function startMessageSinks(appBase: string): Promise<MessageSinks> {
  // thousands of vouchers: only their text is read
  const smtp = await startSmtpServer({ lean: true });
  // the receipts go to the app directly, as with SMS_URL=sandbox (lib/sms/boot-sandbox.ts)
  const sms = await startSmsSandbox({ inboundUrl: `${appBase}/api/v1/sms/inbound`, stepMs: 500, trustedOrigins: [appBase] });
  return {
    smtp,
    sms,
    env: {
      SMTP_URL: smtp.url,
      SMS_URL: sms.accountUrl,
      SMS_KEY: sms.authToken,
      SMS_FROM: "+15005550006",
      // the receipts' URL is built from it: the address the app listens on
      PUBLIC_URL: appBase,
    },
    stop: async () => {
      await smtp.stop();
      await sms.stop();
    },
  };
}
