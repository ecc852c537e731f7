import { users } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { hashPassword } from "@/lib/auth/password";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { assertManages, checkUserShape, toUserRecord } from "./rules";
import { CreateUserBody, type UserRecord } from "./schemas";

/**
 * POST /users: an ADMIN adds a console user to the tenant, signing in with e-mail and password as
 * every user does; a HOTEL user for one or more of the airline's contracted hotels (the rules:
 * lib/users/rules.ts). The e-mail is unique across the installation (409 CONFLICT). Audited with
 * the user's roles, airports and hotels (never the password).
 */
export async function createUser({ ctx, input }: { ctx: Ctx; input: CreateUserBody }): Promise<UserRecord> {
  requirePermission(ctx, "admin", "add a user (ADMIN only)");
  const data = parseInput(CreateUserBody, input);
  const { shape, hotels } = await checkUserShape(ctx, data);
  assertManages(ctx, shape, hotels);
  const passwordHash = await hashPassword(data.password);
  try {
    const row = await transaction(ctx, async (tx) => {
      const [inserted] = await tx.db
        .insert(users)
        .values({ urn: newUrn("user"), tenant: ctx.principal.tenant, email: data.email, name: data.name, passwordHash, ...shape })
        .returning();
      await writeAudit(tx, { entity: "user", entityUrn: inserted.urn, action: "create", airport: null, after: { name: data.name, ...shape } });
      return inserted;
    });
    return toUserRecord(row, new Map(hotels.map((h) => [h.hotelUrn, h])));
  } catch (err) {
    if (isUniqueViolation(err, "users_email_idx")) throw conflict("CONFLICT", `A user with the e-mail ${data.email} exists already.`);
    throw err;
  }
}
