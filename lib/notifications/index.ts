/** Notifications: the email outbox, written in the causing transaction and delivered by a job. */
export { enqueueCancellationEmails, enqueueVoucherEmails } from "./enqueue";
export { getOutboxMessage, listOutbox, maskAddress, type OutboxItem } from "./list";
