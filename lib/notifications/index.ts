/** Notifications: the email outbox, written in the causing transaction and delivered by a job. */
export { enqueueCancellationEmails, enqueueVoucherEmails } from "./enqueue";
// the outbox (email and SMS) moved to lib/messages/outbox.ts
export { getOutboxMessage, listOutbox, maskAddress, type OutboxItem } from "@/lib/messages/outbox";
