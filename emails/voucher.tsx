import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { z } from "zod";
import { scrubLine } from "@/lib/printable";

/**
 * The hotel voucher (spec 2.6). Everything it shows arrives already formatted in its props (dates
 * and times in the hotel's time zone, money, the ordered passenger list), so the template has no
 * clock, no locale and no ordering of its own: the same props render byte-identical HTML and text.
 * Nothing here may carry a passenger id, a document number or card data: the props have no field
 * for them.
 */

const LocalMoment = z.object({
  /** YYYY-MM-DD in the hotel's time zone */
  date: z.string(),
  /** e.g. "Mon 23 Nov 2026" */
  dateLabel: z.string(),
  /** HH:MM, 24-hour, in the hotel's time zone */
  time: z.string(),
});

export const VoucherProps = z.object({
  confirmationCode: z.string(),
  hotel: z.object({ name: z.string(), address: z.string(), phone: z.string().nullable() }),
  /** the hotel's (= the airport's) IANA time zone */
  timeZone: z.string(),
  checkIn: LocalMoment,
  checkOut: LocalMoment,
  earlyCheckInMinutes: z.number().int().min(0),
  lateCheckoutMinutes: z.number().int().min(0),
  nights: z.number().int().min(1),
  rooms: z.number().int().min(1),
  /** names as on the manifest, in manifest order */
  passengers: z.array(z.string()),
  /** e.g. "EUR 238.00" */
  total: z.string(),
  payment: z.discriminatedUnion("method", [
    z.object({ method: z.literal("GUARANTEE"), airline: z.string() }),
    /** the PSP's authorization id: never the token, never a card number */
    z.object({ method: z.literal("CARD"), reference: z.string() }),
  ]),
  /** one sentence each, stable order */
  specialServices: z.array(z.string()),
  transport: z
    .object({
      pickupLocation: z.string(),
      pickup: LocalMoment,
      vehicle: z.string().nullable(),
      dispatcherPhone: z.string().nullable(),
    })
    .nullable(),
  /** a DRILL case's voucher is marked as such */
  draft: z.boolean(),
  /** re-accommodation: the nights booked after this stay at the same hotel, under their own codes */
  extension: z.object({ confirmationCodes: z.array(z.string()), checkOut: LocalMoment }).nullish(),
  /** re-accommodation: this reservation holds the extra nights of the stay booked under this code */
  continues: z.string().nullish(),
  /** the passenger page, added to emails only (the stored voucher has none) */
  passengerLink: z.string().nullable(),
});
export type VoucherProps = z.infer<typeof VoucherProps>;

const page = { backgroundColor: "#f4f5f7", fontFamily: "Arial, Helvetica, sans-serif", color: "#111827", margin: 0 };
const card = { backgroundColor: "#ffffff", maxWidth: "600px", margin: "0 auto", padding: "24px" };
const label = { fontSize: "12px", color: "#4b5563", textTransform: "uppercase" as const, margin: "12px 0 2px" };
const value = { fontSize: "16px", margin: "0 0 4px" };

export function guaranteeText(airline: string): string {
  return (
    `Corporate guarantee: no payment is due from the guests. The hotel settles room charges for this ` +
    `reservation with ${airline}'s corporate account at check-out, quoting the confirmation code. ` +
    `Incidentals (minibar, telephone, extras) are paid by the guests.`
  );
}

export function cardText(reference: string): string {
  return `Prepaid by card through the airline's payment provider. Card reference (authorization): ${reference}. No payment is due from the guests for the room.`;
}

export function extensionText(e: NonNullable<VoucherProps["extension"]>): string {
  return `Your stay continues until ${e.checkOut.dateLabel} (${e.checkOut.date}) by ${e.checkOut.time}, booked under confirmation ${e.confirmationCodes.join(", ")}. Keep your room; quote both codes at the desk.`;
}

export function continuesText(code: string): string {
  return `These nights continue the stay booked under confirmation ${code}: keep your room and quote both codes at the desk.`;
}

function minutes(n: number): string {
  return n % 60 === 0 ? `${n / 60} h` : `${n} min`;
}

/**
 * The plain-text rendition, from the same props and in the same order as the HTML. Written out
 * rather than converted from the HTML: a converter costs ~4× the HTML render per voucher (a wave
 * renders thousands) and wraps lines on its own rules.
 */
export function voucherText(p: VoucherProps): string {
  const lines: string[] = [];
  const section = (title: string, ...body: (string | null)[]) => lines.push("", `${title}:`, ...body.filter((l): l is string => l !== null));
  if (p.draft) lines.push("DRAFT: drill exercise, not a valid voucher", "");
  lines.push("HOTEL VOUCHER", "", `Confirmation code: ${p.confirmationCode}`);
  section("Hotel", p.hotel.name, p.hotel.address, `Phone: ${p.hotel.phone ?? "not listed, ask the airline desk"}`);
  section(
    `Check-in (hotel time, ${p.timeZone})`,
    `${p.checkIn.dateLabel} (${p.checkIn.date}) from ${p.checkIn.time}`,
    p.earlyCheckInMinutes > 0 ? `Includes early check-in of ${minutes(p.earlyCheckInMinutes)}` : null,
  );
  section(
    `Check-out (hotel time, ${p.timeZone})`,
    `${p.checkOut.dateLabel} (${p.checkOut.date}) by ${p.checkOut.time}`,
    p.lateCheckoutMinutes > 0 ? `Includes late check-out of ${minutes(p.lateCheckoutMinutes)}` : null,
  );
  section("Stay", `${p.nights} ${p.nights === 1 ? "night" : "nights"}, ${p.rooms} ${p.rooms === 1 ? "room" : "rooms"}`);
  if (p.extension) section("Stay extended", extensionText(p.extension));
  if (p.continues) section("Continued stay", continuesText(p.continues));
  section(`Guests (${p.passengers.length})`, ...p.passengers);
  section("Total", p.total);
  section("Payment", p.payment.method === "GUARANTEE" ? guaranteeText(p.payment.airline) : cardText(p.payment.reference));
  section("Special service instructions", ...(p.specialServices.length ? p.specialServices.map((s) => `- ${s}`) : ["None"]));
  if (p.transport) {
    const t = p.transport;
    section(
      "Transport",
      `Pickup at ${t.pickupLocation}`,
      `${t.pickup.dateLabel} (${t.pickup.date}) at ${t.pickup.time}`,
      t.vehicle ? `Vehicle: ${t.vehicle}` : null,
      t.dispatcherPhone ? `Dispatcher: ${t.dispatcherPhone}` : null,
    );
  } else {
    section("Transport", "No transport arranged yet. Please make your own way or ask the airline desk.");
  }
  if (p.passengerLink) lines.push("", `Show this voucher on your phone: ${p.passengerLink}`);
  // one value is one line: a control character or line separator from any source (a provider's hotel
  // address, an old record) becomes a space, so no value can forge a line of the voucher
  return lines.map(scrubLine).join("\n") + "\n";
}

export default function Voucher(p: VoucherProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Hotel voucher ${p.confirmationCode}`}</title>
      </Head>
      <Preview>{`Hotel voucher ${p.confirmationCode}: ${p.hotel.name}, ${p.checkIn.dateLabel}`}</Preview>
      <Body style={page}>
        <Container style={card}>
          {p.draft ? <Text style={{ ...value, color: "#b91c1c", fontWeight: "bold" }}>DRAFT: drill exercise, not a valid voucher</Text> : null}
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 8px" }}>
            Hotel voucher
          </Heading>
          <Text style={label}>Confirmation code</Text>
          <Text style={{ ...value, fontSize: "24px", fontWeight: "bold", letterSpacing: "2px" }}>{p.confirmationCode}</Text>

          <Section>
            <Text style={label}>Hotel</Text>
            <Text style={value}>{p.hotel.name}</Text>
            <Text style={value}>{p.hotel.address}</Text>
            <Text style={value}>{`Phone: ${p.hotel.phone ?? "not listed, ask the airline desk"}`}</Text>
          </Section>

          <Section>
            <Text style={label}>{`Check-in (hotel time, ${p.timeZone})`}</Text>
            <Text style={value}>{`${p.checkIn.dateLabel} (${p.checkIn.date}) from ${p.checkIn.time}`}</Text>
            {p.earlyCheckInMinutes > 0 ? <Text style={value}>{`Includes early check-in of ${minutes(p.earlyCheckInMinutes)}`}</Text> : null}
            <Text style={label}>{`Check-out (hotel time, ${p.timeZone})`}</Text>
            <Text style={value}>{`${p.checkOut.dateLabel} (${p.checkOut.date}) by ${p.checkOut.time}`}</Text>
            {p.lateCheckoutMinutes > 0 ? <Text style={value}>{`Includes late check-out of ${minutes(p.lateCheckoutMinutes)}`}</Text> : null}
            <Text style={label}>Stay</Text>
            <Text style={value}>{`${p.nights} ${p.nights === 1 ? "night" : "nights"}, ${p.rooms} ${p.rooms === 1 ? "room" : "rooms"}`}</Text>
            {p.extension ? (
              <>
                <Text style={label}>Stay extended</Text>
                <Text style={value}>{extensionText(p.extension)}</Text>
              </>
            ) : null}
            {p.continues ? (
              <>
                <Text style={label}>Continued stay</Text>
                <Text style={value}>{continuesText(p.continues)}</Text>
              </>
            ) : null}
          </Section>

          <Section>
            <Text style={label}>{`Guests (${p.passengers.length})`}</Text>
            {p.passengers.map((name, i) => (
              <Text key={i} style={value}>
                {name}
              </Text>
            ))}
          </Section>

          <Section>
            <Text style={label}>Total</Text>
            <Text style={value}>{p.total}</Text>
            <Text style={label}>Payment</Text>
            <Text style={value}>{p.payment.method === "GUARANTEE" ? guaranteeText(p.payment.airline) : cardText(p.payment.reference)}</Text>
          </Section>

          <Section>
            <Text style={label}>Special service instructions</Text>
            {p.specialServices.length === 0 ? (
              <Text style={value}>None</Text>
            ) : (
              p.specialServices.map((s, i) => (
                <Text key={i} style={value}>
                  {`- ${s}`}
                </Text>
              ))
            )}
          </Section>

          <Section>
            <Text style={label}>Transport</Text>
            {p.transport ? (
              <>
                <Text style={value}>{`Pickup at ${p.transport.pickupLocation}`}</Text>
                <Text style={value}>{`${p.transport.pickup.dateLabel} (${p.transport.pickup.date}) at ${p.transport.pickup.time}`}</Text>
                {p.transport.vehicle ? <Text style={value}>{`Vehicle: ${p.transport.vehicle}`}</Text> : null}
                {p.transport.dispatcherPhone ? <Text style={value}>{`Dispatcher: ${p.transport.dispatcherPhone}`}</Text> : null}
              </>
            ) : (
              <Text style={value}>No transport arranged yet. Please make your own way or ask the airline desk.</Text>
            )}
          </Section>

          {p.passengerLink ? (
            <>
              <Hr />
              <Text style={value}>
                Show this voucher on your phone: <Link href={p.passengerLink}>{p.passengerLink}</Link>
              </Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
