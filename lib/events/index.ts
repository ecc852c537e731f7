/** The service's events: the catalogue of names and payloads, and emit (the outbox writer). */
export { eventCatalogue, isEventName, type EventCatalogue, type EventData, type EventName, type EventPayload } from "./catalogue";
export { emit } from "./emit";
