/** Only a same-origin path may follow sign-in: an absolute URL in callbackUrl would be an open redirect. */
export function safeCallback(value: unknown): string {
  const v = typeof value === "string" ? value : "";
  return v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\") && !v.startsWith("/sign-in") ? v : "/cases";
}
