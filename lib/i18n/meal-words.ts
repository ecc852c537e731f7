import type { Locale } from "./locales";

/** The passenger page's meal voucher section, per language (beside PAGE_WORDS and CARE_WORDS). */
const en = { title: "Meal vouchers", intro: "Show the code at any food or drink outlet at the airport.", code: "Code", valid: "Valid {from} – {until}", used: "Used", meal: "Meal {n}" };
export type MealWord = keyof typeof en;

export const MEAL_WORDS: Record<Locale, Record<MealWord, string>> = {
  en,
  fr: { title: "Bons repas", intro: "Présentez le code dans tout point de restauration de l'aéroport.", code: "Code", valid: "Valable {from} – {until}", used: "Utilisé", meal: "Repas {n}" },
  de: { title: "Essensgutscheine", intro: "Zeigen Sie den Code in jedem Restaurant oder Café am Flughafen.", code: "Code", valid: "Gültig {from} – {until}", used: "Eingelöst", meal: "Mahlzeit {n}" },
  es: { title: "Vales de comida", intro: "Muestre el código en cualquier punto de comida o bebida del aeropuerto.", code: "Código", valid: "Válido {from} – {until}", used: "Usado", meal: "Comida {n}" },
};
