/**
 * Who acted, in words, from a subject and the names `userNames` found: the user's or client's
 * name; a job "automatic (escalate review sla)"; never a URN. Pure, so client components use it.
 */
export function subjectWords(sub: string | null | undefined, names: Record<string, string>): string {
  if (!sub) return "—";
  if (names[sub]) return names[sub];
  if (sub.startsWith("system")) return `automatic (${sub.replace(/^system:?/, "").replaceAll("-", " ") || "system"})`;
  if (sub.startsWith("client:")) return sub.slice(7).replaceAll("-", " ");
  // a user of the tenant is never deleted; a URN with no row is one we cannot name
  if (sub.startsWith("urn:svc:user:")) return "an unknown user";
  return sub;
}
