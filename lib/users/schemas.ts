import { z } from "zod";
import { Role } from "@/lib/auth/roles";
import { requiredPrintable } from "@/lib/printable";
import { Text, Urn } from "@/lib/primitives";

const Airport = Text.trim().toUpperCase().regex(/^([A-Z]{3}|\*)$/, "an IATA airport code, or * for every airport");
const Email = Text.trim().toLowerCase().pipe(z.email("an e-mail address")).meta({ description: "the sign-in e-mail; unique across the installation" });
const Password = Text.min(8, "at least 8 characters").max(200).meta({ description: "the console password; stored as a scrypt hash, never returned" });
/**
 * A user's name is shown to other staff (the users list, the audit's actors, the header): beyond
 * the printable rules (no controls, no bidi overrides such as U+202E that make "evil.exe" read
 * "exe.live"), no other invisible format character (U+00AD, U+200B, U+FEFF, tags…) either, which
 * would make two names look alike. ZWJ and ZWNJ stay: Persian and Indic names need them.
 */
const FORMAT_CHAR = /(?![\u200c\u200d])\p{Cf}/u;
const UserName = requiredPrintable(200)
  .refine((v) => !FORMAT_CHAR.test(v), "must not contain invisible format characters (Unicode category Cf, e.g. U+200B, U+00AD, U+FEFF)")
  .meta({ description: "the user's name as other staff see it: printable (no line breaks, control characters or bidi controls such as U+202E) and no other invisible format character" });
const Hotels = z.array(Urn("hotel")).max(50).meta({ description: "HOTEL users: the hotels they act for, among the airline's direct contracts; empty for every other role" });

export const UsersQuery = z.object({ role: Role.optional() });

export const CreateUserBody = z
  .object({
    email: Email,
    name: UserName,
    roles: z.array(Role).min(1).max(5),
    airports: z.array(Airport).max(50).optional().meta({ description: "the airports the user acts at (required but for HOTEL users, who act for their hotels)" }),
    hotels: Hotels.optional(),
    password: Password,
  })
  .meta({ id: "CreateUser" });
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const UpdateUserBody = z
  .object({
    name: UserName.optional(),
    roles: z.array(Role).min(1).max(5).optional(),
    airports: z.array(Airport).min(1).max(50).optional(),
    hotels: Hotels.optional(),
    password: Password.optional(),
  })
  .meta({ id: "UpdateUser" });
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const UserHotel = z.object({ hotelUrn: z.string(), hotelName: z.string(), airport: z.string() });

export const UserRecord = z
  .object({
    urn: z.string(),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    airports: z.array(z.string()),
    hotels: z.array(UserHotel).meta({ description: "HOTEL users' hotels, by name" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "User", description: "A console user of the tenant (never its password hash)" });
export type UserRecord = z.infer<typeof UserRecord>;

export const UserList = z.object({ items: z.array(UserRecord) }).meta({ id: "UserList" });
export const UpdatedUser = UserRecord.extend({
  sessionsEnded: z.number().int().meta({ description: "console sessions ended because the user's roles, hotels, airports or password changed (0: none was live or nothing such changed)" }),
}).meta({ id: "UpdatedUser" });
export type UpdatedUser = z.infer<typeof UpdatedUser>;
