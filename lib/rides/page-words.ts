import type { Locale } from "@/lib/i18n";

/** The passenger page's taxi section, per locale. */
export const TAXI_WORDS: Record<Locale, { title: string; toHotel: string; toAirport: string; code: string; from: string; upTo: string; used: string; open: string }> = {
  en: { title: "Your taxi", toHotel: "To the hotel", toAirport: "To the airport", code: "Show the driver", from: "Good from", upTo: "up to", used: "used", open: "Open in the ride app" },
  fr: { title: "Votre taxi", toHotel: "Vers l'hôtel", toAirport: "Vers l'aéroport", code: "Montrez au chauffeur", from: "Valable à partir du", upTo: "jusqu'à", used: "utilisé", open: "Ouvrir dans l'application" },
  de: { title: "Ihr Taxi", toHotel: "Zum Hotel", toAirport: "Zum Flughafen", code: "Dem Fahrer zeigen", from: "Gültig ab", upTo: "bis zu", used: "genutzt", open: "In der Fahrdienst-App öffnen" },
  es: { title: "Su taxi", toHotel: "Al hotel", toAirport: "Al aeropuerto", code: "Muéstrelo al conductor", from: "Válido desde", upTo: "hasta", used: "usado", open: "Abrir en la aplicación" },
};
