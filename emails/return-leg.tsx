import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { z } from "zod";

/**
 * The return-leg email (spec 4.1, issue 9): sent about 12 hours before a re-accommodated next
 * flight, with the ride back to the airport. Props arrive formatted (times in the hotel's time
 * zone); there is no field for a passenger id, document, phone, booking reference or driver.
 */
const LocalMoment = z.object({ date: z.string(), dateLabel: z.string(), time: z.string() });

export const ReturnLegProps = z.object({
  /** the guest's name as on the manifest */
  passengerName: z.string(),
  flightNumber: z.string(),
  departure: LocalMoment,
  /** the airport's (= the hotel's) IANA time zone */
  timeZone: z.string(),
  hotelName: z.string(),
  /** the ride to the airport; null when none is planned */
  pickup: z.object({ at: LocalMoment, location: z.string() }).nullable(),
  airline: z.string(),
});
export type ReturnLegProps = z.infer<typeof ReturnLegProps>;

export default function ReturnLeg(p: ReturnLegProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Your flight ${p.flightNumber} leaves ${p.departure.dateLabel} at ${p.departure.time}`}</Preview>
      <Body style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#111827" }}>
        <Container style={{ maxWidth: "600px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            Your return to the airport
          </Heading>
          {returnLegLines(p).map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/** The message's sentences, shared by the HTML and the text rendition. */
export function returnLegLines(p: ReturnLegProps): string[] {
  return [
    `Dear ${p.passengerName},`,
    `Your flight ${p.flightNumber} leaves ${p.departure.dateLabel} at ${p.departure.time} (local time, ${p.timeZone}).`,
    p.pickup
      ? `Your ride from ${p.hotelName} to the airport picks you up on ${p.pickup.at.dateLabel} at ${p.pickup.at.time}, at ${p.pickup.location}. Please be there a few minutes early.`
      : `No ride to the airport is arranged from ${p.hotelName}: please plan to reach the airport in good time, or ask the airline desk.`,
    `Check out of the hotel before you leave. If your plans change, contact ${p.airline} at the airport desk.`,
  ];
}

export function returnLegText(p: ReturnLegProps): string {
  return ["YOUR RETURN TO THE AIRPORT", "", ...returnLegLines(p)].join("\n") + "\n";
}
