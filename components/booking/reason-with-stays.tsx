import { Fragment } from "react";

// a reservation's URN in a reason, with the " at <hotel>" the writer may add after it
const STAY = /urn:svc:reservation:[0-9a-f-]{36}(?: at [^:]+)?/g;

/**
 * A cancellation reason as a person reads it: "replaced by urn:svc:reservation:… at Ibis" becomes
 * "replaced by Ibis", the hotel's name linking to that stay's row. A stay not in `stays` (another
 * case's) keeps its hotel words if the reason had them, else reads "another stay".
 */
export function ReasonWithStays({ text, stays }: { text: string; stays: Map<string, string | null> }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(STAY)) {
    const [urn, at] = splitAt(m[0]);
    parts.push(<Fragment key={`t${m.index}`}>{text.slice(last, m.index)}</Fragment>);
    const name = stays.get(urn) ?? at ?? "another stay";
    parts.push(
      stays.has(urn) ? (
        <a key={`a${m.index}`} href={`#stay-${urn.slice("urn:svc:reservation:".length)}`} className="text-primary underline underline-offset-2" data-testid="reason-stay-link" title={urn}>
          {name}
        </a>
      ) : (
        <span key={`a${m.index}`} title={urn}>
          {name}
        </span>
      ),
    );
    last = m.index + m[0].length;
  }
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}

function splitAt(match: string): [string, string | undefined] {
  const i = match.indexOf(" at ");
  return i < 0 ? [match, undefined] : [match.slice(0, i), match.slice(i + 4)];
}
