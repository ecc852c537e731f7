export { createSubscription, disableSubscription, listSubscriptions } from "./subscriptions";
export { listDeliveries, redeliver } from "./deliveries";
export { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./events";
export { signatureOf, verifySignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./sign";
