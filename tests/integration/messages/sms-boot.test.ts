import { afterEach, describe, expect, it, vi } from "vitest";
import { noServerReason, smsEndpoint } from "@/lib/messages/channels";
import { sendSms } from "@/lib/sms/client";
import { startSmsSandboxIfAsked } from "@/lib/sms/boot-sandbox";

afterEach(() => vi.unstubAllEnvs());

describe("SMS_URL at start", () => {
  it("unset: no SMS provider, and messages say how to configure one", async () => {
    vi.stubEnv("SMS_URL", "");
    await startSmsSandboxIfAsked();
    expect(process.env.SMS_URL).toBe("");
    expect(smsEndpoint()).toBeNull();
    expect(noServerReason("SMS")).toBe("no SMS provider configured: set SMS_URL");
  });

  it("sandbox: our gateway is started and every client is pointed at it (URL, key, sender)", async () => {
    vi.stubEnv("SMS_URL", "sandbox");
    vi.stubEnv("SMS_KEY", "");
    vi.stubEnv("SMS_FROM", "");
    vi.stubEnv("PUBLIC_URL", "http://127.0.0.1:9");
    await startSmsSandboxIfAsked();
    const endpoint = smsEndpoint();
    expect(endpoint).not.toBeNull();
    expect(process.env.SMS_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2010-04-01\/Accounts\/ACsandbox$/);
    expect(noServerReason("SMS")).toBeNull();
    const sent = await sendSms(endpoint!, { to: "+33612340000", body: "hello", idempotencyKey: "boot-test" });
    expect(sent).toMatchObject({ status: "queued", to: "+33612340000", from: "+15005550006" });
  });
});
