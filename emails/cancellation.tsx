import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { z } from "zod";

/** Sent when a reservation whose voucher was delivered is cancelled: the voucher is no longer valid. */
export const CancellationProps = z.object({
  confirmationCode: z.string(),
  hotelName: z.string(),
  checkInLabel: z.string(),
  reason: z.string(),
});
export type CancellationProps = z.infer<typeof CancellationProps>;

export default function Cancellation(p: CancellationProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Your hotel reservation ${p.confirmationCode} was cancelled`}</Preview>
      <Body style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#111827" }}>
        <Container style={{ maxWidth: "600px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            Hotel reservation cancelled
          </Heading>
          <Text>{`The reservation ${p.confirmationCode} at ${p.hotelName} (check-in ${p.checkInLabel}) was cancelled and its voucher is no longer valid.`}</Text>
          <Text>{`Reason: ${p.reason}`}</Text>
          <Text>The airline will send a new voucher if you are re-housed. For help, ask at the airline desk.</Text>
        </Container>
      </Body>
    </Html>
  );
}
