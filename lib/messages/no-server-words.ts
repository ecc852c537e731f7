/** A channel with no server to send it, as the board and the case's progress name it. */
export type UnsentChannel = "mail" | "sms";

const WORDS: Record<UnsentChannel, { what: string; server: string; setting: string }> = {
  mail: { what: "mail", server: "mail server", setting: "SMTP_URL" },
  sms: { what: "SMS", server: "SMS provider", setting: "SMS_URL" },
};

/**
 * Why messages are kept, for the one reading it: an admin (who may change the settings) gets the
 * setting to set; anyone else what to do about it at 3 a.m., since a setting they cannot change is
 * no help to them. Pure, so the board's client component and the server's read models share it.
 */
export function noServerWords(missing: readonly UnsentChannel[], canConfigure: boolean): string {
  const what = missing.map((m) => WORDS[m].what).join(" and ");
  if (!canConfigure) return `${what} ${missing.length > 1 ? "are" : "is"} not being sent: tell your administrator`;
  return `no ${missing.map((m) => WORDS[m].server).join(" or ")} configured: set ${missing.map((m) => WORDS[m].setting).join(" and ")} (docs/configuration.md)`;
}
