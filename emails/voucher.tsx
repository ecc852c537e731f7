import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { z } from "zod";
import { fill, LOCALES, type Locale, VOUCHER_WORDS, type VoucherWord } from "@/lib/i18n";
import { CARE_WORDS } from "@/lib/i18n/care-words";
import { dayWords } from "@/lib/i18n/format";
import { scrubLine } from "@/lib/printable";

/**
 * The hotel voucher (spec 2.6). Everything it shows arrives already formatted in its props (dates
 * and times in the hotel's time zone, money, the ordered passenger list), so the template has no
 * clock and no ordering of its own: the same props render byte-identical HTML and text. Its words
 * are the `locale`'s (lib/i18n/voucher-words.ts; English by default, as it always read).
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
  /** taxi vouchers issued for the group's rides (lib/rides): the code, the pickup in the hotel's zone and the cap */
  taxis: z.array(z.object({ code: z.string(), toHotel: z.boolean(), pickup: LocalMoment, cap: z.string() })).default([]),
  /**
   * With neither a ride nor a taxi: whether none is owed or it is still being arranged (lib/rides/ride-status.ts);
   * absent on vouchers rendered before the passenger's flow decided rides first (they keep their bytes)
   */
  rideNote: z.enum(["NONE_OWED", "PENDING"]).nullish(),
  /** a DRILL case's voucher is marked as such */
  draft: z.boolean(),
  /** re-accommodation: the nights booked after this stay at the same hotel, under their own codes */
  extension: z.object({ confirmationCodes: z.array(z.string()), checkOut: LocalMoment }).nullish(),
  /** re-accommodation: this reservation holds the extra nights of the stay booked under this code */
  continues: z.string().nullish(),
  /**
   * the care the group is owed, from the case's newest assessment at render (lib/care/owed-lines.ts):
   * each owed kind in the group's words with its basis as written; absent or empty: no block
   */
  care: z.array(z.object({ text: z.string(), basis: z.string() })).nullish(),
  /** the passenger page, added to emails only (the stored voucher has none) */
  passengerLink: z.string().nullable(),
  /** the group's language (its first passenger's); English when none was given */
  locale: z.enum(LOCALES).default("en"),
});
export type VoucherProps = z.input<typeof VoucherProps>;
type Rendered = z.output<typeof VoucherProps>;

const page = { backgroundColor: "#f4f5f7", fontFamily: "Arial, Helvetica, sans-serif", color: "#111827", margin: 0 };
const card = { backgroundColor: "#ffffff", maxWidth: "600px", margin: "0 auto", padding: "24px" };
const label = { fontSize: "12px", color: "#4b5563", textTransform: "uppercase" as const, margin: "12px 0 2px" };
const value = { fontSize: "16px", margin: "0 0 4px" };

type Words = (key: VoucherWord, values?: Record<string, string | number>) => string;
const wordsOf =
  (locale: Locale): Words =>
  (key, values) =>
    fill(VOUCHER_WORDS[locale][key], values);

export function guaranteeText(airline: string, locale: Locale = "en"): string {
  return wordsOf(locale)("guarantee", { airline });
}

export function cardText(reference: string, locale: Locale = "en"): string {
  return wordsOf(locale)("card", { reference });
}

export function extensionText(e: NonNullable<VoucherProps["extension"]>, locale: Locale = "en"): string {
  return wordsOf(locale)("extension", { label: dateLabel(e.checkOut, locale), date: e.checkOut.date, time: e.checkOut.time, codes: e.confirmationCodes.join(", ") });
}

export function continuesText(code: string, locale: Locale = "en"): string {
  return wordsOf(locale)("continues", { code });
}

/** "Mon 23 Nov 2026" as the model formatted it in English; in another language, the same calendar date in its words. */
/** What the transport section says with neither a ride nor a taxi. */
function noRideWord(note: "NONE_OWED" | "PENDING" | null | undefined): "noRideOwed" | "ridePending" | "noTransport" {
  return note === "NONE_OWED" ? "noRideOwed" : note === "PENDING" ? "ridePending" : "noTransport";
}

const dateLabel = dayWords;

function minutes(n: number): string {
  return n % 60 === 0 ? `${n / 60} h` : `${n} min`;
}

/** "- Meals and drinks now (EU261 Art. 5(1)(b), 9(1)(a))" */
export function careLine(c: { text: string; basis: string }): string {
  return c.basis ? `- ${c.text} (${c.basis})` : `- ${c.text}`;
}

/** The props as rendered: the parse (lib/vouchers/render.ts) has run already; only the language's default is filled here. */
const withLocale = (props: VoucherProps): Rendered => ({ ...props, locale: props.locale ?? "en" }) as Rendered;

/** The voucher's lines, worded once for both renditions. */
function lines(p: Rendered) {
  const t = wordsOf(p.locale);
  const at = (m: { date: string; dateLabel: string; time: string }, key: "checkInAt" | "checkOutBy" | "pickupWhen") => t(key, { label: dateLabel(m, p.locale), date: m.date, time: m.time });
  const plural = (n: number, one: VoucherWord, many: VoucherWord) => `${n} ${t(n === 1 ? one : many)}`;
  return {
    t,
    phone: t("phone", { phone: p.hotel.phone ?? t("phoneMissing") }),
    checkIn: t("checkIn", { zone: p.timeZone }),
    checkInAt: at(p.checkIn, "checkInAt"),
    early: p.earlyCheckInMinutes > 0 ? t("earlyCheckIn", { duration: minutes(p.earlyCheckInMinutes) }) : null,
    checkOut: t("checkOut", { zone: p.timeZone }),
    checkOutBy: at(p.checkOut, "checkOutBy"),
    late: p.lateCheckoutMinutes > 0 ? t("lateCheckout", { duration: minutes(p.lateCheckoutMinutes) }) : null,
    stay: `${plural(p.nights, "night", "nights")}, ${plural(p.rooms, "room", "rooms")}`,
    guests: t("guests", { count: p.passengers.length }),
    payment: p.payment.method === "GUARANTEE" ? guaranteeText(p.payment.airline, p.locale) : cardText(p.payment.reference, p.locale),
    pickupWhen: p.transport ? at(p.transport.pickup, "pickupWhen") : null,
    taxis: p.taxis.map((x) => t("taxiVoucher", { code: x.code, direction: t(x.toHotel ? "taxiToHotel" : "taxiToAirport"), when: `${dateLabel(x.pickup, p.locale)} ${x.pickup.time}`, cap: x.cap })),
  };
}

/**
 * The plain-text rendition, from the same props and in the same order as the HTML. Written out
 * rather than converted from the HTML: a converter costs ~4× the HTML render per voucher (a wave
 * renders thousands) and wraps lines on its own rules.
 */
export function voucherText(props: VoucherProps): string {
  const p = withLocale(props);
  const w = lines(p);
  const { t } = w;
  const out: string[] = [];
  const section = (title: string, ...body: (string | null)[]) => out.push("", `${title}:`, ...body.filter((l): l is string => l !== null));
  if (p.draft) out.push(t("draft"), "");
  out.push(t("title").toLocaleUpperCase(p.locale), "", `${t("confirmationCode")}: ${p.confirmationCode}`);
  section(t("hotel"), p.hotel.name, p.hotel.address, w.phone);
  section(w.checkIn, w.checkInAt, w.early);
  section(w.checkOut, w.checkOutBy, w.late);
  section(t("stay"), w.stay);
  if (p.extension) section(t("stayExtended"), extensionText(p.extension, p.locale));
  if (p.continues) section(t("continuedStay"), continuesText(p.continues, p.locale));
  section(w.guests, ...p.passengers);
  section(t("total"), p.total);
  section(t("payment"), w.payment);
  section(t("specialServices"), ...(p.specialServices.length ? p.specialServices.map((s) => `- ${s}`) : [t("none")]));
  if (p.transport) {
    const tr = p.transport;
    section(t("transport"), t("pickupAt", { place: tr.pickupLocation }), w.pickupWhen, tr.vehicle ? t("vehicle", { vehicle: tr.vehicle }) : null, tr.dispatcherPhone ? t("dispatcher", { phone: tr.dispatcherPhone }) : null);
  } else if (!w.taxis.length) {
    // taxi vouchers that replaced the rides are the transport: "no transport arranged" would contradict them
    section(t("transport"), t(noRideWord(p.rideNote)));
  }
  if (p.care?.length) section(CARE_WORDS[p.locale].voucherTitle, ...p.care.map(careLine));
  if (w.taxis.length) out.push(...w.taxis);
  if (p.passengerLink) out.push("", `${t("showOnPhone")} ${p.passengerLink}`);
  // one value is one line: a control character or line separator from any source (a provider's hotel
  // address, an old record) becomes a space, so no value can forge a line of the voucher
  return out.map(scrubLine).join("\n") + "\n";
}

/**
 * The email's last block, the passenger's link: the one part of the email the stored voucher lacks,
 * so lib/vouchers/render.ts renders the voucher once and adds this block to it for the email.
 */
function PassengerLinkBlock({ locale, link }: { locale: Locale; link: string }) {
  return (
    <>
      <Hr />
      <Text style={value}>
        {`${wordsOf(locale)("showOnPhone")} `}<Link href={link}>{link}</Link>
      </Text>
    </>
  );
}

export default function Voucher(props: VoucherProps) {
  const p = withLocale(props);
  const w = lines(p);
  const { t } = w;
  return (
    <Html lang={p.locale}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t("htmlTitle", { code: p.confirmationCode })}</title>
      </Head>
      <Preview>{t("preview", { code: p.confirmationCode, hotel: p.hotel.name, date: dateLabel(p.checkIn, p.locale) })}</Preview>
      <Body style={page}>
        <Container style={card}>
          {p.draft ? <Text style={{ ...value, color: "#b91c1c", fontWeight: "bold" }}>{t("draft")}</Text> : null}
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 8px" }}>
            {t("title")}
          </Heading>
          <Text style={label}>{t("confirmationCode")}</Text>
          <Text style={{ ...value, fontSize: "24px", fontWeight: "bold", letterSpacing: "2px" }}>{p.confirmationCode}</Text>

          <Section>
            <Text style={label}>{t("hotel")}</Text>
            <Text style={value}>{p.hotel.name}</Text>
            <Text style={value}>{p.hotel.address}</Text>
            <Text style={value}>{w.phone}</Text>
          </Section>

          <Section>
            <Text style={label}>{w.checkIn}</Text>
            <Text style={value}>{w.checkInAt}</Text>
            {w.early ? <Text style={value}>{w.early}</Text> : null}
            <Text style={label}>{w.checkOut}</Text>
            <Text style={value}>{w.checkOutBy}</Text>
            {w.late ? <Text style={value}>{w.late}</Text> : null}
            <Text style={label}>{t("stay")}</Text>
            <Text style={value}>{w.stay}</Text>
            {p.extension ? (
              <>
                <Text style={label}>{t("stayExtended")}</Text>
                <Text style={value}>{extensionText(p.extension, p.locale)}</Text>
              </>
            ) : null}
            {p.continues ? (
              <>
                <Text style={label}>{t("continuedStay")}</Text>
                <Text style={value}>{continuesText(p.continues, p.locale)}</Text>
              </>
            ) : null}
          </Section>

          <Section>
            <Text style={label}>{w.guests}</Text>
            {p.passengers.map((name, i) => (
              <Text key={i} style={value}>
                {name}
              </Text>
            ))}
          </Section>

          <Section>
            <Text style={label}>{t("total")}</Text>
            <Text style={value}>{p.total}</Text>
            <Text style={label}>{t("payment")}</Text>
            <Text style={value}>{w.payment}</Text>
          </Section>

          <Section>
            <Text style={label}>{t("specialServices")}</Text>
            {p.specialServices.length === 0 ? (
              <Text style={value}>{t("none")}</Text>
            ) : (
              p.specialServices.map((s, i) => (
                <Text key={i} style={value}>
                  {`- ${s}`}
                </Text>
              ))
            )}
          </Section>

          <Section>
            <Text style={label}>{t("transport")}</Text>
            {p.transport ? (
              <>
                <Text style={value}>{t("pickupAt", { place: p.transport.pickupLocation })}</Text>
                <Text style={value}>{w.pickupWhen}</Text>
                {p.transport.vehicle ? <Text style={value}>{t("vehicle", { vehicle: p.transport.vehicle })}</Text> : null}
                {p.transport.dispatcherPhone ? <Text style={value}>{t("dispatcher", { phone: p.transport.dispatcherPhone })}</Text> : null}
              </>
            ) : w.taxis.length ? null : (
              <Text style={value}>{t(noRideWord(p.rideNote))}</Text>
            )}
            {w.taxis.map((line, i) => (
              <Text key={`taxi-${i}`} style={value} data-testid="voucher-taxi">
                {line}
              </Text>
            ))}
          </Section>

          {p.care?.length ? (
            <Section data-testid="voucher-care">
              <Text style={label}>{CARE_WORDS[p.locale].voucherTitle}</Text>
              {p.care.map((c, i) => (
                <Text key={i} style={value}>
                  {careLine(c)}
                </Text>
              ))}
            </Section>
          ) : null}

          {p.passengerLink ? <PassengerLinkBlock locale={p.locale} link={p.passengerLink} /> : null}
        </Container>
      </Body>
    </Html>
  );
}
