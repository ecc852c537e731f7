// Moved to lib/messages/smtp.ts; this re-export keeps the console's imports (board, progress, Outbox page) working until they move.
export { isPermanentSmtpError, mailFrom, messageIdOf, smtpUrl, transportFor } from "@/lib/messages/smtp";
