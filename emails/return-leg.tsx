import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { z } from "zod";

/**
 * The return-leg email (spec 4.1, issue 9): sent about 12 hours before a re-accommodated next
 * flight, with the ride back to the airport. Its words arrive written in the passenger's language
 * (lib/messages/return-leg.ts fills them from lib/messages/texts, times in the hotel's time zone);
 * there is no field for a passenger id, document, phone, booking reference or driver.
 */
export const ReturnLegProps = z.object({
  /** the passenger's locale: the html lang */
  lang: z.string(),
  preview: z.string(),
  heading: z.string(),
  /** the sentences, in order: greeting, departure, the ride (or its absence), check-out */
  lines: z.array(z.string()),
});
export type ReturnLegProps = z.infer<typeof ReturnLegProps>;

export default function ReturnLeg(p: ReturnLegProps) {
  return (
    <Html lang={p.lang}>
      <Head />
      <Preview>{p.preview}</Preview>
      <Body style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#111827" }}>
        <Container style={{ maxWidth: "600px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            {p.heading}
          </Heading>
          {p.lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/** The text rendition: the same words as the HTML. */
export function returnLegText(p: ReturnLegProps): string {
  return [p.heading.toUpperCase(), "", ...p.lines].join("\n") + "\n";
}
