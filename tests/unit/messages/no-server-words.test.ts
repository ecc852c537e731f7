import { describe, expect, it } from "vitest";
import { noServerWords } from "@/lib/messages/no-server-words";

describe("why messages are kept, for the one reading it", () => {
  it("an operator or supervisor is told to tell their administrator, not which setting to set", () => {
    expect(noServerWords(["mail"], false)).toBe("mail is not being sent: tell your administrator");
    expect(noServerWords(["mail", "sms"], false)).toBe("mail and SMS are not being sent: tell your administrator");
    expect(noServerWords(["mail"], false)).not.toContain("SMTP_URL");
  });

  it("an admin gets the setting and where it is described", () => {
    expect(noServerWords(["mail"], true)).toBe("no mail server configured: set SMTP_URL (docs/configuration.md)");
    expect(noServerWords(["mail", "sms"], true)).toBe("no mail server or SMS provider configured: set SMTP_URL and SMS_URL (docs/configuration.md)");
  });
});
