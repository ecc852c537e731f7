import { Body, Button, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { z } from "zod";

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

function lines(p: CapacityCallProps): string[] {
  return [
    `Dear ${p.hotel} reservations team,`,
    `${p.airline} has stranded passengers at ${p.airport} who still need rooms for the night of ${p.date}` + (p.roomsShort > 0 ? ` (about ${p.roomsShort} rooms short).` : "."),
    "If you can offer rooms under our direct contract, please say how many (and tonight's rate, if it differs) in the extranet. The next allocation uses your rooms at once.",
  ];
}

export default function CapacityCall(p: CapacityCallProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{capacityCallSubject(p)}</Preview>
      <Body style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#111827" }}>
        <Container style={{ maxWidth: "600px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            Rooms needed tonight
          </Heading>
          {lines(p).map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          <Button href={p.answerUrl} style={{ background: "#111827", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
            Answer in the extranet
          </Button>
        </Container>
      </Body>
    </Html>
  );
}

/** The text rendition: the same words and the link. */
export function capacityCallText(p: CapacityCallProps): string {
  return ["ROOMS NEEDED TONIGHT", "", ...lines(p), "", `Answer: ${p.answerUrl}`].join("\n") + "\n";
}
