import type { RatingTag } from "@/lib/vocabulary";
import type { Locale } from "./locales";

type SayableTag = Exclude<RatingTag, "WALKED" | "DECLINED">;
export type RatingWords = {
  title: string;
  intro: string;
  scoreLegend: string;
  scores: [string, string, string, string, string];
  tagsLegend: string;
  tags: Record<SayableTag, string>;
  comment: string;
  commentHint: string;
  submit: string;
  sending: string;
  thanks: string;
  thanksScore: string;
  pickScore: string;
  failed: string;
};

/** The passenger page's "Rate your stay" card, per language (English is the reference). */
export const RATING_WORDS: Record<Locale, RatingWords> = {
  en: {
    title: "Rate your stay",
    intro: "Tell the airline how the hotel treated you. It helps choose better hotels for other passengers.",
    scoreLegend: "Your rating",
    scores: ["1 – very bad", "2 – bad", "3 – acceptable", "4 – good", "5 – very good"],
    tagsLegend: "What went wrong? (optional)",
    tags: { DIRTY: "Dirty room", NOISY: "Noisy", UNSAFE: "Felt unsafe", REFUSED_VOUCHER: "Voucher refused", NO_SHUTTLE: "No shuttle", ROOM_NOT_READY: "Room not ready", RUDE_STAFF: "Rude staff" },
    comment: "Comment (optional)",
    commentHint: "Up to 1000 characters. Please do not include names or phone numbers.",
    submit: "Send my rating",
    sending: "Sending…",
    thanks: "Thank you for rating your stay.",
    thanksScore: "Thank you: you rated this stay {score} out of 5.",
    pickScore: "Choose a rating from 1 to 5 first.",
    failed: "Your rating could not be sent: {detail}",
  },
  fr: {
    title: "Évaluez votre séjour",
    intro: "Dites à la compagnie comment l'hôtel vous a accueilli. Cela aide à choisir de meilleurs hôtels pour les autres passagers.",
    scoreLegend: "Votre note",
    scores: ["1 – très mauvais", "2 – mauvais", "3 – correct", "4 – bon", "5 – très bon"],
    tagsLegend: "Qu'est-ce qui n'allait pas ? (facultatif)",
    tags: { DIRTY: "Chambre sale", NOISY: "Bruyant", UNSAFE: "Pas en sécurité", REFUSED_VOUCHER: "Bon refusé", NO_SHUTTLE: "Pas de navette", ROOM_NOT_READY: "Chambre pas prête", RUDE_STAFF: "Personnel impoli" },
    comment: "Commentaire (facultatif)",
    commentHint: "1000 caractères au plus. N'indiquez ni noms ni numéros de téléphone.",
    submit: "Envoyer ma note",
    sending: "Envoi…",
    thanks: "Merci d'avoir évalué votre séjour.",
    thanksScore: "Merci : vous avez noté ce séjour {score} sur 5.",
    pickScore: "Choisissez d'abord une note de 1 à 5.",
    failed: "Votre note n'a pas pu être envoyée : {detail}",
  },
  de: {
    title: "Bewerten Sie Ihren Aufenthalt",
    intro: "Sagen Sie der Fluggesellschaft, wie das Hotel Sie behandelt hat. So werden bessere Hotels für andere Fluggäste gewählt.",
    scoreLegend: "Ihre Bewertung",
    scores: ["1 – sehr schlecht", "2 – schlecht", "3 – akzeptabel", "4 – gut", "5 – sehr gut"],
    tagsLegend: "Was war nicht in Ordnung? (optional)",
    tags: { DIRTY: "Schmutziges Zimmer", NOISY: "Laut", UNSAFE: "Nicht sicher gefühlt", REFUSED_VOUCHER: "Gutschein abgelehnt", NO_SHUTTLE: "Kein Shuttle", ROOM_NOT_READY: "Zimmer nicht fertig", RUDE_STAFF: "Unhöfliches Personal" },
    comment: "Kommentar (optional)",
    commentHint: "Höchstens 1000 Zeichen. Bitte keine Namen oder Telefonnummern angeben.",
    submit: "Bewertung senden",
    sending: "Wird gesendet…",
    thanks: "Danke für Ihre Bewertung.",
    thanksScore: "Danke: Sie haben diesen Aufenthalt mit {score} von 5 bewertet.",
    pickScore: "Wählen Sie zuerst eine Bewertung von 1 bis 5.",
    failed: "Ihre Bewertung konnte nicht gesendet werden: {detail}",
  },
  es: {
    title: "Valore su estancia",
    intro: "Cuéntele a la aerolínea cómo le trató el hotel. Ayuda a elegir mejores hoteles para otros pasajeros.",
    scoreLegend: "Su valoración",
    scores: ["1 – muy mala", "2 – mala", "3 – aceptable", "4 – buena", "5 – muy buena"],
    tagsLegend: "¿Qué salió mal? (opcional)",
    tags: { DIRTY: "Habitación sucia", NOISY: "Ruidoso", UNSAFE: "No me sentí seguro", REFUSED_VOUCHER: "Bono rechazado", NO_SHUTTLE: "Sin traslado", ROOM_NOT_READY: "Habitación no lista", RUDE_STAFF: "Personal descortés" },
    comment: "Comentario (opcional)",
    commentHint: "Hasta 1000 caracteres. No incluya nombres ni números de teléfono.",
    submit: "Enviar mi valoración",
    sending: "Enviando…",
    thanks: "Gracias por valorar su estancia.",
    thanksScore: "Gracias: ha valorado esta estancia con {score} de 5.",
    pickScore: "Elija primero una valoración de 1 a 5.",
    failed: "No se ha podido enviar su valoración: {detail}",
  },
};
