import type { Locale } from "./locales";

/**
 * The right to care in the passenger's words (the voucher's "Your right to care" block and the
 * passenger page's "What you are owed"), per language; the regulation is named as written
 * ("EU261 Art. 9"), never translated.
 */
const en = {
  voucherTitle: "Your right to care",
  pageTitle: "What you are owed",
  pageIntro: "While you wait, the airline owes you:",
  MEAL: "Meals and drinks",
  MEAL_NOW: "Meals and drinks now",
  MEAL_FROM: "Meals and drinks once the wait reaches {duration}",
  HOTEL: "A hotel tonight",
  HOTEL_TRANSPORT: "A hotel tonight and the transfer",
  TRANSPORT: "The transfer between the airport and the hotel",
  COMMUNICATION: "Two phone calls, messages or emails",
  airlinePolicy: "the airline's own policy",
  nothingOwed: "No meals or hotel are owed for this flight. Ask the airline desk if you have a question.",
  askDesk: "Ask the airline desk for your meal voucher.",
};
export type CareWord = keyof typeof en;

const fr: Record<CareWord, string> = {
  voucherTitle: "Votre droit à la prise en charge",
  pageTitle: "Ce qui vous est dû",
  pageIntro: "Pendant votre attente, la compagnie vous doit :",
  MEAL: "Repas et rafraîchissements",
  MEAL_NOW: "Repas et rafraîchissements dès maintenant",
  MEAL_FROM: "Repas et rafraîchissements après {duration} d'attente",
  HOTEL: "Un hôtel cette nuit",
  HOTEL_TRANSPORT: "Un hôtel cette nuit et le transfert",
  TRANSPORT: "Le transfert entre l'aéroport et l'hôtel",
  COMMUNICATION: "Deux appels, messages ou e-mails",
  airlinePolicy: "la politique de la compagnie",
  nothingOwed: "Aucun repas ni hôtel n'est dû pour ce vol. Adressez-vous au comptoir de la compagnie pour toute question.",
  askDesk: "Demandez votre bon repas au comptoir de la compagnie.",
};

const de: Record<CareWord, string> = {
  voucherTitle: "Ihr Recht auf Betreuung",
  pageTitle: "Was Ihnen zusteht",
  pageIntro: "Während Sie warten, schuldet Ihnen die Fluggesellschaft:",
  MEAL: "Mahlzeiten und Erfrischungen",
  MEAL_NOW: "Mahlzeiten und Erfrischungen ab sofort",
  MEAL_FROM: "Mahlzeiten und Erfrischungen ab {duration} Wartezeit",
  HOTEL: "Ein Hotel für die Nacht",
  HOTEL_TRANSPORT: "Ein Hotel für die Nacht und der Transfer",
  TRANSPORT: "Der Transfer zwischen Flughafen und Hotel",
  COMMUNICATION: "Zwei Telefonate, Nachrichten oder E-Mails",
  airlinePolicy: "die eigenen Regeln der Fluggesellschaft",
  nothingOwed: "Für diesen Flug stehen Ihnen keine Mahlzeiten und kein Hotel zu. Fragen Sie bei Fragen am Schalter der Fluggesellschaft.",
  askDesk: "Ihren Essensgutschein erhalten Sie am Schalter der Fluggesellschaft.",
};

const es: Record<CareWord, string> = {
  voucherTitle: "Su derecho de atención",
  pageTitle: "Lo que se le debe",
  pageIntro: "Mientras espera, la aerolínea le debe:",
  MEAL: "Comidas y refrescos",
  MEAL_NOW: "Comidas y refrescos desde ahora",
  MEAL_FROM: "Comidas y refrescos a partir de {duration} de espera",
  HOTEL: "Un hotel esta noche",
  HOTEL_TRANSPORT: "Un hotel esta noche y el traslado",
  TRANSPORT: "El traslado entre el aeropuerto y el hotel",
  COMMUNICATION: "Dos llamadas, mensajes o correos electrónicos",
  airlinePolicy: "la política propia de la aerolínea",
  nothingOwed: "Para este vuelo no se deben comidas ni hotel. Consulte en el mostrador de la aerolínea si tiene dudas.",
  askDesk: "Pida su vale de comida en el mostrador de la aerolínea.",
};

export const CARE_WORDS: Record<Locale, Record<CareWord, string>> = { en, fr, de, es };
