import { publicSignInUrl } from "@/lib/http/client-address";
import { escapeHtml } from "@/lib/escape-html";
import { printable } from "@/lib/printable";

// opens the browser's print dialog once the page (and its images) are in
const PRINT_SCRIPT = `<script>window.addEventListener("load",function(){window.print()})</script>`;
// a page of ours that is no Next page names the console's icon, or the browser asks for /favicon.ico (a 404)
const ICON = `<link rel="icon" href="/icon.svg" type="image/svg+xml">`;

/** A voucher's stored HTML as the print view serves it: the icon named, the print dialog opened. */
export function printView(html: string): string {
  return html.replace("</head>", `${ICON}</head>`).replace("</body>", `${PRINT_SCRIPT}</body>`);
}

/**
 * Several stored vouchers as one printable document, one voucher per printed page. Each keeps its
 * own bytes: its <body> becomes a <section> with the body's attributes (React Email's styles are
 * inline), so what prints is what the single print view prints.
 */
export function printAllView(title: string, htmls: string[]): string {
  const sheets = htmls.map((html) => {
    const m = /<body([^>]*)>([\s\S]*)<\/body>/i.exec(html);
    return `<section class="voucher"${m?.[1] ?? ""}>${m ? m[2] : html}</section>`;
  });
  const style = `<style>.voucher{break-after:page;page-break-after:always}.voucher:last-of-type{break-after:auto;page-break-after:auto}body{margin:0}</style>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(printable(title))}</title>${ICON}${style}</head><body>${sheets.join("")}${PRINT_SCRIPT}</body></html>`;
}

export function htmlResponse(html: string): Response {
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" } });
}

/**
 * To sign-in and back. Not from req.url: under `next start -H 0.0.0.0` that is
 * `http://0.0.0.0:3000/…`, an address no browser can open; PUBLIC_URL's, or a relative one.
 */
export function signInRedirect(path: string): Response {
  return new Response(null, { status: 303, headers: { location: publicSignInUrl(path), "cache-control": "no-store" } });
}
