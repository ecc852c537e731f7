// the five characters React (the vouchers' and emails' renderer) escapes in text and attributes, and as it writes them
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/**
 * Text made safe for HTML, escaped exactly as React escapes it: HTML we write by hand then reads
 * like rendered HTML, so the erasure scrubber (lib/privacy/scrub-text.ts) finds a name in either.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
