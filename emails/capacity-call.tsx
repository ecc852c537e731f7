import { Button } from "@react-email/components";
import { z } from "zod";
import { Letter, letterText } from "./letter";

/**
 * The capacity call (issue 22): an airline asks a contracted hotel's reservations desk for rooms
 * tonight, with the link to answer in the extranet. It names no passenger: only the airline, the
 * airport, the night and how many rooms are short.
 */
export const CapacityCallProps = z.object({
  airline: z.string(),
  hotel: z.string(),
  airport: z.string(),
  /** the night asked for, YYYY-MM-DD */
  date: z.string(),
  roomsShort: z.number().int(),
  /** the extranet page that answers the call */
  answerUrl: z.string().url(),
});
export type CapacityCallProps = z.infer<typeof CapacityCallProps>;

export const capacityCallSubject = (p: CapacityCallProps) => `${p.airline}: rooms needed tonight near ${p.airport} (${p.date})`;

const HEADING = "Rooms needed tonight";

function lines(p: CapacityCallProps): string[] {
  return [
    `Dear ${p.hotel} reservations team,`,
    `${p.airline} has stranded passengers at ${p.airport} who still need rooms for the night of ${p.date}` + (p.roomsShort > 0 ? ` (about ${p.roomsShort} rooms short).` : "."),
    "If you can offer rooms under our direct contract, please say how many (and tonight's rate, if it differs) in the extranet. The next allocation uses your rooms at once.",
  ];
}

export default function CapacityCall(p: CapacityCallProps) {
  return (
    <Letter lang="en" preview={capacityCallSubject(p)} heading={HEADING} lines={lines(p)}>
      <Button href={p.answerUrl} style={{ background: "#111827", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
        Answer in the extranet
      </Button>
    </Letter>
  );
}

/** The text rendition: the same words and the link. */
export function capacityCallText(p: CapacityCallProps): string {
  return letterText({ heading: HEADING, lines: [...lines(p), "", `Answer: ${p.answerUrl}`] });
}
