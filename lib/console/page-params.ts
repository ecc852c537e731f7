import type { z } from "zod";

type Raw = string | string[] | undefined;

/** What a console page asks of its URL: nothing given, a value the API's schema takes, or one it would refuse. */
export type PageParam<T> = { given: false; value: undefined } | { given: true; ok: true; value: T } | { given: true; ok: false; value: undefined };

/**
 * A search parameter or path segment of a console page, parsed with the schema the API parses the
 * same input with: a hand-made link (`?airport=%00`, a cursor or a URN that is none) becomes a
 * value the page answers with a not-found or an empty state, instead of a query PostgreSQL
 * refuses and the error page (docs/console.md, "Links the API would refuse"). The first of a
 * repeated parameter counts; a blank one is not given.
 */
export function pageParam<S extends z.ZodType>(schema: S, raw: Raw): PageParam<z.output<S>> {
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first === undefined || first.trim() === "") return { given: false, value: undefined };
  const parsed = schema.safeParse(first);
  return parsed.success ? { given: true, ok: true, value: parsed.data } : { given: true, ok: false, value: undefined };
}

/** True when the link holds a value the API would refuse. */
export const refused = (p: PageParam<unknown>): boolean => p.given && !p.ok;
