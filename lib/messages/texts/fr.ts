import type { MessageTextKey } from "./en";

export const fr: Record<MessageTextKey, string> = {
  "voucher.subject": "Votre bon d'hôtel {code} : {hotel}, {checkIn}",
  "voucher.sms": "{airline} : votre hôtel ce soir est {hotel}, arrivée {checkIn}, confirmation {code}. Votre bon : {link}",
  "stayChanged.subject": "Votre séjour à l'hôtel a changé {code} : {hotel}, {checkIn}",
  "stayChanged.sms": "{airline} : votre séjour a changé. {hotel}, arrivée {checkIn}, jusqu'au {checkOut}, confirmation {code}. Détails : {link}",
  "rehoused.subject": "Votre nouvel hôtel {code} : {hotel}, {checkIn}",
  "rehoused.sms": "{airline} : vous avez un nouvel hôtel : {hotel}, arrivée {checkIn}, confirmation {code}. L'ancienne réservation est annulée. Bon : {link}",
  "choiceConfirmed.subject": "Votre choix est confirmé {code} : {hotel}, {checkIn}",
  "choiceConfirmed.sms": "{airline} : votre choix est confirmé : {hotel}, arrivée {checkIn}, confirmation {code}. Bon : {link}",
  "cancellation.subject": "Annulée : réservation d'hôtel {code} à {hotel}",
  "cancellation.sms": "{airline} : votre réservation {code} à {hotel} est annulée ({reason}). Merci de ne pas vous rendre à l'hôtel.",
  "declined.subject": "C'est noté : vous n'avez pas besoin d'hôtel",
  "declined.released": "Nous avons libéré votre chambre à {hotel}. Merci de nous avoir prévenus.",
  "declined.kept": "C'est noté : vous n'avez pas besoin de l'hôtel {hotel}. Merci de nous avoir prévenus.",
  "declined.sms": "{airline} : {line}",
  "returnLeg.sms.pickup": "{airline} : le vol {flight} part {departure}. Votre navette vers l'aéroport : {pickup}, {location}.",
  "returnLeg.sms.noPickup": "{airline} : le vol {flight} part {departure}. Merci de rejoindre l'aéroport à temps.",
};
