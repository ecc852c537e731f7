/** The Outbox page's list (the outbox itself, its writers and its delivery are lib/messages). */
export { getOutboxMessage, listOutbox, maskAddress, type OutboxItem } from "./list";
