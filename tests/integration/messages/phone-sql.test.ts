import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { e164Sql, toE164 } from "@/lib/phone";
import { apiTestDatabase } from "../../helpers/api";

const database = apiTestDatabase();

/** Manifest numbers as airlines send them; the SQL form must be toE164's, or reach and names go wrong. */
const NUMBERS = ["+33 6 12 34 56 78", "0033 6 12 34 56 78", "0033612345678", "+33.6.12.34.56.78", "+1 (415) 555-0100", "001-415-555-0100", " +4915123456789 ", "06 12 34 56 78", "612345678", "+0 123 456 789", "+33 6", "", "+441234567890123456", "0044/20 7946 0958"];

describe("e164Sql", () => {
  it.each(NUMBERS)("gives what toE164 gives for %j", async (phone) => {
    const result = await database.db.execute(sql`select ${e164Sql(sql`${phone}::text`)} as n`);
    expect((result as unknown as { rows: { n: string | null }[] }).rows[0].n).toBe(toE164(phone) ?? null);
  });
});
