import { render } from "@react-email/render";
import { createElement } from "react";
import Voucher, { VoucherProps, voucherText } from "@/emails/voucher";

export type Rendition = { html: string; text: string };

/**
 * The voucher's two renditions from its props: HTML by React Email, text by voucherText. Both are
 * pure functions of the props (no clock, no random ids), so the same props give the same bytes in
 * any process.
 */
export async function renderVoucher(props: VoucherProps): Promise<Rendition> {
  const parsed = VoucherProps.parse(props);
  const html = await render(createElement(Voucher, parsed));
  return { html, text: voucherText(parsed) };
}
