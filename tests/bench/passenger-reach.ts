/**
 * When each group of the bench's manifest was reached: the first voucher message to its lead
 * passenger (by email or SMS) that the mail server or the SMS gateway accepted, and what the voucher
 * emails said about the ride. A voucher message is told from the others (rides, meals, changes) by
 * its text: the subject `voucher.subject`, the SMS `voucher.sms` (lib/messages/texts), any language.
 */
import { dictionaries, type MessageTextKey } from "@/lib/messages/texts";
import type { MessageSinks } from "./message-sinks";

/** the voucher email's text carries the ride, or says none is owed (the English texts: the bench's passengers have no language) */
const RIDE_LINES = ["Pickup at", "Taxi voucher", "No ride is included"];

export class PassengerReach {
  /** address (lowercased email, or E.164 phone) → the group it reaches */
  private readonly contacts = new Map<string, string>();
  readonly groups = new Set<string>();

  constructor(private readonly sinks: MessageSinks) {}

  /** a group of the manifest and its lead passenger's addresses */
  add(group: string, addresses: string[]): void {
    if (addresses.length === 0) return;
    this.groups.add(group);
    for (const a of addresses) this.contacts.set(a.toLowerCase(), group);
  }

  /** per group reached, when its first voucher message was accepted (ms since the epoch) */
  reached(): Map<string, number> {
    const out = new Map<string, number>();
    const note = (address: string, at: number) => {
      const group = this.contacts.get(address.toLowerCase());
      if (group && at < (out.get(group) ?? Infinity)) out.set(group, at);
    };
    for (const m of this.voucherEmails()) for (const to of m.to) note(to, m.receivedAt);
    for (const m of this.sinks.sms.messages()) if (VOUCHER_SMS.some((re) => re.test(m.body))) note(m.to, m.acceptedAt);
    return out;
  }

  everyGroupReached(): boolean {
    return this.reached().size >= this.groups.size;
  }

  /** the share of voucher emails whose text carries the ride or says none is owed; null: none arrived */
  voucherWithRideShare(): number | null {
    const emails = this.voucherEmails();
    if (emails.length === 0) return null;
    // the text part is wrapped: a line may break inside "Pickup at"
    const withRide = emails.filter((m) => RIDE_LINES.some((l) => m.text.replace(/\s+/g, " ").includes(l))).length;
    return Math.round((withRide / emails.length) * 10_000) / 10_000;
  }

  private voucherEmails() {
    return this.sinks.smtp.received.filter((m) => VOUCHER_SUBJECT.some((re) => re.test(m.subject)));
  }
}

/** a message text as a pattern: its fixed words in place, any value where a {placeholder} is (an empty one leaves a single space: textFor) */
function textPattern(key: MessageTextKey): RegExp[] {
  return Object.values(dictionaries).map((d) => new RegExp(`^${d[key].split(/ ?\{\w+\} ?/).map(escape).join("[\\s\\S]*")}$`));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const VOUCHER_SUBJECT = textPattern("voucher.subject");
const VOUCHER_SMS = textPattern("voucher.sms");
