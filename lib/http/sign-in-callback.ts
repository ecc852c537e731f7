/** Where sign-in lands when callbackUrl is absent or refused. */
export const DEFAULT_LANDING = "/cases";

// any origin will do: only whether the resolved URL stays on it matters
const BASE = new URL("https://console.invalid");

/**
 * Only a same-origin path may follow sign-in: anything else would be an open redirect. Judged as
 * the browser will read the Location header, not as the string looks: WHATWG URL parsing drops
 * tabs and newlines anywhere (`/\t/evil` is `//evil`), turns `\` into `/` (`/\evil` is `//evil`)
 * and takes `https:evil` as absolute. So the value is resolved against an origin and kept only
 * when it stays on that origin; what is returned is the normalised path itself, never the raw
 * value, and never one a browser would read as protocol-relative. A value holding any control,
 * space or non-ASCII character that the URL parser would drop or percent-encode (`%00`, `%0A`,
 * `%E3%80%80`) goes to the default page: a header cannot carry it (it made the redirect a 500).
 */
export function safeCallback(value: unknown): string {
  const path = sameOriginPath(value);
  if (path === "/sign-in" || path.startsWith("/sign-in/") || path.startsWith("/sign-in?") || path.startsWith("/sign-in#")) return DEFAULT_LANDING;
  return path;
}

/** The checks of safeCallback without its refusal of /sign-in (sign-out goes there): the default page when refused. */
export function sameOriginPath(value: unknown): string {
  const v = typeof value === "string" ? value : "";
  if (v === "" || v.length > 2048) return DEFAULT_LANDING;
  // controls, whitespace of any script, and anything outside printable ASCII
  if (/[^\x21-\x7e]/.test(v)) return DEFAULT_LANDING;
  if (!v.startsWith("/") || v.startsWith("//") || v.includes("\\")) return DEFAULT_LANDING;
  let url: URL;
  try {
    url = new URL(v, BASE);
  } catch {
    return DEFAULT_LANDING;
  }
  if (url.origin !== BASE.origin) return DEFAULT_LANDING;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil` normalises to `//evil`: a path that starts with two slashes is another host to a browser
  if (!path.startsWith("/") || path.startsWith("//")) return DEFAULT_LANDING;
  return path;
}
