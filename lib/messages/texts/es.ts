import type { MessageTextKey } from "./en";

export const es: Record<MessageTextKey, string> = {
  "voucher.subject": "Su bono de hotel {code}: {hotel}, {checkIn}",
  "voucher.sms": "{airline}: su hotel esta noche es {hotel}, entrada {checkIn}, confirmación {code}. Su bono: {link}",
  "stayChanged.subject": "Su estancia en el hotel ha cambiado {code}: {hotel}, {checkIn}",
  "stayChanged.sms": "{airline}: su estancia ha cambiado. {hotel}, entrada {checkIn}, hasta {checkOut}, confirmación {code}. Detalles: {link}",
  "rehoused.subject": "Su nuevo hotel {code}: {hotel}, {checkIn}",
  "rehoused.sms": "{airline}: tiene un nuevo hotel: {hotel}, entrada {checkIn}, confirmación {code}. La reserva anterior queda anulada. Bono: {link}",
  "choiceConfirmed.subject": "Su elección está confirmada {code}: {hotel}, {checkIn}",
  "choiceConfirmed.sms": "{airline}: su elección está confirmada: {hotel}, entrada {checkIn}, confirmación {code}. Bono: {link}",
  "cancellation.subject": "Cancelada: reserva de hotel {code} en {hotel}",
  "cancellation.sms": "{airline}: su reserva {code} en {hotel} está cancelada ({reason}). Por favor, no vaya al hotel.",
  "declined.subject": "Anotado: no necesita hotel",
  "declined.released": "Hemos liberado su habitación en {hotel}. Gracias por avisarnos.",
  "declined.kept": "Anotado: no necesita el hotel {hotel}. Gracias por avisarnos.",
  "declined.sms": "{airline}: {line}",
  "returnLeg.sms.pickup": "{airline}: el vuelo {flight} sale {departure}. Su traslado al aeropuerto: {pickup}, {location}.",
  "returnLeg.sms.noPickup": "{airline}: el vuelo {flight} sale {departure}. Por favor, llegue al aeropuerto a tiempo.",
};
