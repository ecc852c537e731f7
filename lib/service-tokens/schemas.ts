import { z } from "zod";
import { IsoTime, pageQuery, Reason, requiredText, Text } from "@/lib/primitives";
import { Role } from "@/lib/auth/roles";
import { parseDuration } from "@/lib/duration";

const MIN_TTL_MS = 5 * 60_000;
const MAX_TTL_MS = 2 * 365 * 86_400_000;

/** A token's lifetime, written like `npm run token -- --ttl`: "1h", "30d", "1h30m". */
export const TokenTtl = Text.trim()
  .refine((v) => Number.isFinite(parseDuration(v)), { message: "a duration such as 1h, 30d or 365d" })
  .refine((v) => parseDuration(v) >= MIN_TTL_MS && parseDuration(v) <= MAX_TTL_MS, { message: "between 5 minutes and 2 years" })
  .meta({ description: "lifetime, e.g. 1h, 30d, 365d" });

export const MintServiceTokenInput = z
  .object({
    name: Text.trim().min(1, "a name tells the token apart in the list").max(80),
    roles: z.array(Role).min(1, "at least one role").default(["FEED"]),
    airports: z
      .array(Text.trim().toUpperCase().regex(/^([A-Z]{3}|\*)$/, "an IATA code such as CDG, or * for all"))
      .min(1, "at least one airport, or * for all"),
    ttl: TokenTtl.default("90d"),
  })
  .meta({ id: "ServiceTokenInput" });
export type MintServiceTokenInput = z.input<typeof MintServiceTokenInput>;

export const TokenStatus = z.enum(["ACTIVE", "EXPIRED", "REVOKED"]);
export type TokenStatus = z.infer<typeof TokenStatus>;

export const ServiceToken = z
  .object({
    urn: z.string(),
    jti: z.string(),
    name: z.string(),
    sub: z.string().meta({ description: "the client id the token acts as; tokens of one name share it" }),
    roles: z.array(z.string()),
    airports: z.array(z.string()),
    status: TokenStatus,
    createdBy: z.string(),
    createdAt: IsoTime,
    expiresAt: IsoTime,
    revokedAt: IsoTime.nullable(),
    revokedBy: z.string().nullable(),
  })
  .meta({ id: "ServiceToken" });
export type ServiceToken = z.infer<typeof ServiceToken>;

/** What minting answers: the record and, this once, the signed token itself (never stored). */
export type MintedServiceToken = ServiceToken & { token: string };

export const RevokeServiceTokenInput = z.object({
  jti: requiredText(200),
  reason: Reason,
});
export type RevokeServiceTokenInput = z.input<typeof RevokeServiceTokenInput>;

export const ListServiceTokensInput = z.object({
  limit: z.number().int().min(1).max(200).default(100),
  cursor: pageQuery.cursor,
});
export type ListServiceTokensInput = z.input<typeof ListServiceTokensInput>;
