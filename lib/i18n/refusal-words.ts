import type { Locale } from "./locales";

/**
 * What the passenger's page and API (/api/v1/passenger/*) answer when they refuse an action, per
 * language: written for the passenger, so no provider, no status name, nothing for the desk to do.
 * The staff's detail (the provider's refusal, its error) goes to the audit entry of the refusal
 * (docs/vouchers-and-messages.md, "The passenger page"). English is the reference set of keys.
 */
const en = {
  caseClosed: "This disruption is closed: ask the airline desk.",
  stayEnded: "This stay has ended: there is no room left to release.",
  stillBooking: "This stay is still being booked: try again in a moment.",
  stayChanged: "Your stay changed meanwhile: reload the page.",
  declineWhileChoosing: "Another hotel you chose is being booked or was booked for this stay: reload the page to see your hotel, then decline it there if you need no room.",
  cannotRelease: "Your room could not be released online. Please tell the airline desk you do not need it.",
  choiceClosedAt: "The time to choose another hotel ended at {time}: you keep your hotel.",
  noChoice: "This stay offers no choice of hotel: you keep your hotel.",
  hotelNotOffered: "That hotel is not among the hotels with rooms for you now: you keep your hotel. Reload the page for the current choices.",
  choiceInProgress: "Another choice for this stay is being booked or was made already: reload the page to see your hotel.",
  hotelUnreachable: "{hotel} could not be reached to book: you keep your hotel. Try again in a moment.",
  hotelUnsure: "{hotel} could not be reached, and we cannot tell yet whether your room there was booked: you keep your hotel for now. Please ask the airline desk before choosing again.",
  hotelFull: "{hotel} has no room for you any more: you keep your hotel.",
};

export type RefusalWord = keyof typeof en;

export const REFUSAL_WORDS: Record<Locale, Record<RefusalWord, string>> = {
  en,
  fr: {
    caseClosed: "Cette perturbation est clôturée : adressez-vous au comptoir de la compagnie.",
    stayEnded: "Ce séjour est terminé : il n'y a plus de chambre à libérer.",
    stillBooking: "Ce séjour est encore en cours de réservation : réessayez dans un instant.",
    stayChanged: "Votre séjour a changé entre-temps : rechargez la page.",
    declineWhileChoosing: "Un autre hôtel que vous avez choisi est en cours de réservation ou déjà réservé pour ce séjour : rechargez la page pour voir votre hôtel, puis renoncez-y là si vous n'avez pas besoin de chambre.",
    cannotRelease: "Votre chambre n'a pas pu être libérée en ligne. Merci de dire au comptoir de la compagnie que vous n'en avez pas besoin.",
    choiceClosedAt: "Le délai pour choisir un autre hôtel a pris fin à {time} : vous gardez votre hôtel.",
    noChoice: "Ce séjour ne propose pas de choix d'hôtel : vous gardez votre hôtel.",
    hotelNotOffered: "Cet hôtel ne fait pas partie des hôtels qui ont des chambres pour vous en ce moment : vous gardez votre hôtel. Rechargez la page pour voir les choix actuels.",
    choiceInProgress: "Un autre choix pour ce séjour est en cours de réservation ou a déjà été fait : rechargez la page pour voir votre hôtel.",
    hotelUnreachable: "{hotel} n'a pas pu être joint pour réserver : vous gardez votre hôtel. Réessayez dans un instant.",
    hotelUnsure: "{hotel} n'a pas pu être joint et nous ne savons pas encore si votre chambre y a été réservée : vous gardez votre hôtel pour l'instant. Merci de demander au comptoir de la compagnie avant de choisir à nouveau.",
    hotelFull: "{hotel} n'a plus de chambre pour vous : vous gardez votre hôtel.",
  },
  de: {
    caseClosed: "Diese Störung ist abgeschlossen: Wenden Sie sich an den Schalter der Fluggesellschaft.",
    stayEnded: "Dieser Aufenthalt ist beendet: Es gibt kein Zimmer mehr freizugeben.",
    stillBooking: "Dieser Aufenthalt wird noch gebucht: Versuchen Sie es gleich noch einmal.",
    stayChanged: "Ihr Aufenthalt hat sich inzwischen geändert: Laden Sie die Seite neu.",
    declineWhileChoosing: "Ein anderes von Ihnen gewähltes Hotel wird für diesen Aufenthalt gebucht oder wurde bereits gebucht: Laden Sie die Seite neu, um Ihr Hotel zu sehen, und verzichten Sie dort darauf, wenn Sie kein Zimmer brauchen.",
    cannotRelease: "Ihr Zimmer konnte nicht online freigegeben werden. Bitte sagen Sie dem Schalter der Fluggesellschaft, dass Sie es nicht brauchen.",
    choiceClosedAt: "Die Frist für die Wahl eines anderen Hotels endete um {time}: Sie behalten Ihr Hotel.",
    noChoice: "Dieser Aufenthalt bietet keine Hotelwahl: Sie behalten Ihr Hotel.",
    hotelNotOffered: "Dieses Hotel gehört gerade nicht zu den Hotels mit Zimmern für Sie: Sie behalten Ihr Hotel. Laden Sie die Seite neu, um die aktuelle Auswahl zu sehen.",
    choiceInProgress: "Eine andere Wahl für diesen Aufenthalt wird gerade gebucht oder wurde bereits getroffen: Laden Sie die Seite neu, um Ihr Hotel zu sehen.",
    hotelUnreachable: "{hotel} war für die Buchung nicht erreichbar: Sie behalten Ihr Hotel. Versuchen Sie es gleich noch einmal.",
    hotelUnsure: "{hotel} war nicht erreichbar, und wir wissen noch nicht, ob Ihr Zimmer dort gebucht wurde: Sie behalten vorerst Ihr Hotel. Bitte fragen Sie am Schalter der Fluggesellschaft, bevor Sie erneut wählen.",
    hotelFull: "{hotel} hat kein Zimmer mehr für Sie: Sie behalten Ihr Hotel.",
  },
  es: {
    caseClosed: "Esta incidencia está cerrada: pregunte en el mostrador de la aerolínea.",
    stayEnded: "Esta estancia ha terminado: no queda ninguna habitación que liberar.",
    stillBooking: "Esta estancia aún se está reservando: inténtelo de nuevo en un momento.",
    stayChanged: "Su estancia ha cambiado mientras tanto: vuelva a cargar la página.",
    declineWhileChoosing: "Otro hotel que eligió se está reservando o ya está reservado para esta estancia: vuelva a cargar la página para ver su hotel y renuncie a él allí si no necesita habitación.",
    cannotRelease: "No se ha podido liberar su habitación en línea. Diga en el mostrador de la aerolínea que no la necesita.",
    choiceClosedAt: "El plazo para elegir otro hotel terminó a las {time}: conserva su hotel.",
    noChoice: "Esta estancia no ofrece elección de hotel: conserva su hotel.",
    hotelNotOffered: "Ese hotel no está entre los hoteles con habitaciones para usted ahora: conserva su hotel. Vuelva a cargar la página para ver las opciones actuales.",
    choiceInProgress: "Otra elección para esta estancia se está reservando o ya se hizo: vuelva a cargar la página para ver su hotel.",
    hotelUnreachable: "No se ha podido contactar con {hotel} para reservar: conserva su hotel. Inténtelo de nuevo en un momento.",
    hotelUnsure: "No se ha podido contactar con {hotel} y aún no sabemos si su habitación allí se reservó: por ahora conserva su hotel. Pregunte en el mostrador de la aerolínea antes de volver a elegir.",
    hotelFull: "{hotel} ya no tiene habitación para usted: conserva su hotel.",
  },
};
