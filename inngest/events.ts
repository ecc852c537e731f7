// The catalogue lives in lib/events (lib must not import inngest/); this name stays for Inngest-side code.
export { eventCatalogue as eventSchemas, type EventName, type EventPayload } from "@/lib/events/catalogue";
