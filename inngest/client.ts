// The client is built in lib/jobs (the outbox dispatcher sends through it); inngest/ imports lib/, never the reverse.
export { inngest } from "@/lib/outbox/inngest-client";
