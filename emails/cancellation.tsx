import { Letter, LetterProps } from "./letter";

/**
 * Sent when a reservation whose voucher was delivered is cancelled: the voucher is no longer valid.
 * Its words arrive written in the passenger's language (lib/messages/cancellation.ts fills them
 * from lib/messages/texts): the lines say what was cancelled, why (the operator's reason, as they
 * wrote it) and what happens next.
 */
export const CancellationProps = LetterProps;
export type CancellationProps = LetterProps;

export default function Cancellation(p: CancellationProps) {
  return <Letter {...p} />;
}
