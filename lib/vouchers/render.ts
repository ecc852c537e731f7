import { render } from "@react-email/render";
import { createElement } from "react";
import Voucher, { VoucherProps } from "@/emails/voucher";

export type Rendition = { html: string; text: string };

/**
 * The voucher's two renditions from its props. React Email's renders are pure functions of the
 * element (no clock, no random ids), so the same props give the same bytes in any process.
 */
export async function renderVoucher(props: VoucherProps): Promise<Rendition> {
  const element = createElement(Voucher, VoucherProps.parse(props));
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: { wordwrap: 100 } })]);
  return { html, text };
}
