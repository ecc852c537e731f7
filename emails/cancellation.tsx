import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { z } from "zod";

/**
 * Sent when a reservation whose voucher was delivered is cancelled: the voucher is no longer valid.
 * Its words arrive written in the passenger's language (lib/messages/cancellation.ts fills them
 * from lib/messages/texts); the reason is the operator's, as they wrote it.
 */
export const CancellationProps = z.object({
  /** the passenger's locale: the html lang */
  lang: z.string(),
  preview: z.string(),
  heading: z.string(),
  /** what was cancelled, why, and what happens next */
  lines: z.array(z.string()),
});
export type CancellationProps = z.infer<typeof CancellationProps>;

export default function Cancellation(p: CancellationProps) {
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
