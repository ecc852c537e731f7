/** English message texts: the reference dictionary every other locale must match key for key (tests/unit/messages/texts.test.ts). */
export const en = {
  "voucher.subject": "Your hotel voucher {code}: {hotel}, {checkIn}",
  "voucher.sms": "{airline}: your hotel tonight is {hotel}, check-in {checkIn}, confirmation {code}. Your voucher: {link}",
  "stayChanged.subject": "Your hotel stay changed {code}: {hotel}, {checkIn}",
  "stayChanged.sms": "{airline}: your hotel stay changed. {hotel}, check-in {checkIn}, until {checkOut}, confirmation {code}. Details: {link}",
  "rehoused.subject": "Your new hotel {code}: {hotel}, {checkIn}",
  "rehoused.sms": "{airline}: you have a new hotel: {hotel}, check-in {checkIn}, confirmation {code}. Your previous booking is void. Voucher: {link}",
  "choiceConfirmed.subject": "Your choice is confirmed {code}: {hotel}, {checkIn}",
  "choiceConfirmed.sms": "{airline}: your choice is confirmed: {hotel}, check-in {checkIn}, confirmation {code}. Voucher: {link}",
  "cancellation.subject": "Cancelled: hotel reservation {code} at {hotel}",
  "cancellation.sms": "{airline}: your hotel reservation {code} at {hotel} is cancelled ({reason}). Please do not go to the hotel.",
  "declined.subject": "Noted: you need no hotel",
  "declined.released": "We released your room at {hotel}. Thank you for telling us.",
  "declined.kept": "Noted: you need no hotel at {hotel}. Thank you for telling us.",
  "declined.sms": "{airline}: {line}",
  "returnLeg.sms.pickup": "{airline}: flight {flight} leaves {departure}. Your pickup to the airport: {pickup} at {location}.",
  "returnLeg.sms.noPickup": "{airline}: flight {flight} leaves {departure}. Please make your way to the airport in time.",
};

export type MessageTextKey = keyof typeof en;
