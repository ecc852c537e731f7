import { sql } from "drizzle-orm";
import { messages, passengers } from "@/db/schema";
import { e164Sql } from "@/lib/phone";

/**
 * The passenger a message went to, as [passengerId, "First Last"] (null when none): the case's
 * passenger whose email or phone is the recipient, the first by manifest position when a family
 * shares one. Used by the case's message list and the outbox, which name whom a masked number reaches.
 */
export const passengerOfMessage = sql<(string | null)[] | null>`(select array[${passengers.passengerId}, nullif(trim(concat_ws(' ', ${passengers.firstName}, ${passengers.lastName})), '')] from ${passengers} where ${passengers.caseUrn} = ${messages.caseUrn} and (lower(${passengers.email}) = lower(${messages.recipient}) or ${e164Sql(passengers.phone)} = ${messages.recipient}) order by ${passengers.position}, ${passengers.passengerId} limit 1)`;
