import { render } from "@react-email/render";
import { createElement } from "react";
import Voucher, { VoucherProps, voucherText } from "@/emails/voucher";
import { escapeHtml } from "@/lib/escape-html";
import type { Locale } from "@/lib/i18n/locales";

export type Rendition = { html: string; text: string };

/**
 * The voucher's two renditions from its props: HTML by React Email, text by voucherText. Both are
 * pure functions of the props (no clock, no random ids), so the same props give the same bytes in
 * any process. With a passenger link (the email) the voucher is rendered without it and the link's
 * block added (withPassengerLink): the bytes React Email gives the whole email, for one render.
 */
export async function renderVoucher(props: VoucherProps): Promise<Rendition> {
  const parsed = VoucherProps.parse(props);
  const html = await render(createElement(Voucher, { ...parsed, passengerLink: null }));
  const stored = { html, text: voucherText({ ...parsed, passengerLink: null }) };
  return parsed.passengerLink ? await withPassengerLink(stored, parsed, parsed.passengerLink) : stored;
}

/**
 * The email's rendition from the stored one (rendered once per stay, lib/vouchers/issue.ts): the
 * link's block before the end of the voucher's card, where the template puts it, and the link's
 * line at the end of the text. The block is rendered once per language with a placeholder.
 */
export async function withPassengerLink(stored: Rendition, props: Omit<VoucherProps, "passengerLink">, link: string): Promise<Rendition> {
  const text = voucherText({ ...props, passengerLink: link });
  const at = stored.html.lastIndexOf(CARD_END);
  const block = at < 0 ? null : await linkBlock(props.locale ?? "en").catch(() => null);
  // a template whose card no longer ends as cut here: the whole email rendered, one render more, never a voucher unsent
  if (!block) return { html: await render(createElement(Voucher, { ...VoucherProps.parse(props), passengerLink: link })), text };
  const [before, after] = block;
  return { html: stored.html.slice(0, at) + before + escapeHtml(link) + after.replace(PLACEHOLDER, escapeHtml(link)) + stored.html.slice(at), text };
}

/** The close of the card (a Container) inside the body (a table too): the last block of the card goes before it. */
const CARD_END = "</td></tr></tbody></table></td></tr></tbody></table>";
/** A link that needs no escaping and appears nowhere else in the block, split on to place the real one. */
const PLACEHOLDER = "https://passenger-link.invalid/";
const blocks = new Map<Locale, Promise<[string, string]>>();

/**
 * The link's block in a language, split around the link: cut from a sample voucher rendered with
 * and without the placeholder link, once per process (Next refuses react-dom/server in a route's
 * imports, so the block is not rendered alone).
 */
function linkBlock(locale: Locale): Promise<[string, string]> {
  let block = blocks.get(locale);
  if (!block) {
    block = (async () => {
      const without = await render(createElement(Voucher, { ...SAMPLE, locale, passengerLink: null }));
      const withLink = await render(createElement(Voucher, { ...SAMPLE, locale, passengerLink: PLACEHOLDER }));
      const at = without.lastIndexOf(CARD_END);
      const html = withLink.slice(at, at + withLink.length - without.length);
      if (withLink !== without.slice(0, at) + html + without.slice(at)) throw new Error("the passenger link's block is not where the voucher's card ends");
      const first = html.indexOf(PLACEHOLDER);
      return [html.slice(0, first), html.slice(first + PLACEHOLDER.length)] as [string, string];
    })();
    block.catch(() => blocks.delete(locale));
    blocks.set(locale, block);
  }
  return block;
}

const MOMENT = { date: "2026-01-01", dateLabel: "Thu 1 Jan 2026", time: "12:00" };
const SAMPLE: VoucherProps = {
  confirmationCode: "SAMPLE",
  hotel: { name: "Hotel", address: "Address", phone: null },
  timeZone: "UTC",
  checkIn: MOMENT,
  checkOut: MOMENT,
  earlyCheckInMinutes: 0,
  lateCheckoutMinutes: 0,
  nights: 1,
  rooms: 1,
  passengers: ["Guest"],
  total: "EUR 1.00",
  payment: { method: "GUARANTEE", airline: "Airline" },
  specialServices: [],
  transport: null,
  taxis: [],
  draft: false,
  passengerLink: null,
};
