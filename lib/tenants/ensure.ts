import type { DbOrTx } from "@/db/client";
import { tenants } from "@/db/schema";
import { newUrn } from "@/lib/ids";

const known = new Set<string>();

/** A tenant named in a valid token exists: the first request creates its row with default settings. */
export async function ensureTenant(db: DbOrTx, code: string): Promise<void> {
  if (known.has(code)) return;
  await db.insert(tenants).values({ code, urn: newUrn("tenant"), name: code, settings: {} }).onConflictDoNothing();
  known.add(code);
}
