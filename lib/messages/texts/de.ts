import type { MessageTextKey } from "./en";

export const de: Record<MessageTextKey, string> = {
  "voucher.subject": "Ihr Hotelgutschein {code}: {hotel}, {checkIn}",
  "voucher.sms": "{airline}: Ihr Hotel heute Nacht ist {hotel}, Check-in {checkIn}, Bestätigung {code}. Ihr Gutschein: {link}",
  "stayChanged.subject": "Ihr Hotelaufenthalt hat sich geändert {code}: {hotel}, {checkIn}",
  "stayChanged.sms": "{airline}: Ihr Aufenthalt hat sich geändert. {hotel}, Check-in {checkIn}, bis {checkOut}, Bestätigung {code}. Details: {link}",
  "rehoused.subject": "Ihr neues Hotel {code}: {hotel}, {checkIn}",
  "rehoused.sms": "{airline}: Sie haben ein neues Hotel: {hotel}, Check-in {checkIn}, Bestätigung {code}. Die alte Buchung ist ungültig. Gutschein: {link}",
  "choiceConfirmed.subject": "Ihre Wahl ist bestätigt {code}: {hotel}, {checkIn}",
  "choiceConfirmed.sms": "{airline}: Ihre Wahl ist bestätigt: {hotel}, Check-in {checkIn}, Bestätigung {code}. Gutschein: {link}",
  "cancellation.subject": "Storniert: Hotelreservierung {code} im {hotel}",
  "cancellation.sms": "{airline}: Ihre Hotelreservierung {code} im {hotel} ist storniert ({reason}). Bitte fahren Sie nicht zum Hotel.",
  "declined.subject": "Vermerkt: Sie brauchen kein Hotel",
  "declined.released": "Wir haben Ihr Zimmer im {hotel} freigegeben. Danke für Ihre Nachricht.",
  "declined.kept": "Vermerkt: Sie brauchen das {hotel} nicht. Danke für Ihre Nachricht.",
  "declined.sms": "{airline}: {line}",
  "returnLeg.sms.pickup": "{airline}: Flug {flight} startet {departure}. Ihr Transfer zum Flughafen: {pickup}, {location}.",
  "returnLeg.sms.noPickup": "{airline}: Flug {flight} startet {departure}. Bitte seien Sie rechtzeitig am Flughafen.",
};
