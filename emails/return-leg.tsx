import { Letter, LetterProps, letterText } from "./letter";

/**
 * The return-leg email (spec 4.1, issue 9): sent about 12 hours before a re-accommodated next
 * flight, with the ride back to the airport. Its words arrive written in the passenger's language
 * (lib/messages/return-leg.ts fills them from lib/messages/texts, times in the hotel's time zone):
 * the lines are, in order, greeting, departure, the ride (or its absence), check-out. There is no
 * field for a passenger id, document, phone, booking reference or driver.
 */
export const ReturnLegProps = LetterProps;
export type ReturnLegProps = LetterProps;

export default function ReturnLeg(p: ReturnLegProps) {
  return <Letter {...p} />;
}

/** The text rendition: the same words as the HTML. */
export const returnLegText = letterText;
