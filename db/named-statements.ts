/**
 * Named prepared statements on node-postgres's connections (the embedded database's child and a
 * PostgreSQL server alike). node-postgres sends every query as an unnamed statement, which the
 * server parses, analyses and plans again each time; PGlite does that in WebAssembly on the one
 * thread all statements share, where it is a third of a typical statement's time
 * (docs/embedded-database.md, "Statements prepared once"). Named, a
 * statement is parsed once per connection and then only bound and executed, and its plan is cached
 * by PostgreSQL's own rules (plan_cache_mode auto: a generic plan only where it costs no more).
 *
 * A name is the connection's prefix and the statement's number in that connection's map of texts,
 * so the same text on two connections (one PGlite session serves both: db/pglite-server.ts) never
 * collides; the child deallocates a connection's statements when it closes (a PostgreSQL server
 * drops them with the session). A connection names at most MAX_NAMED texts, so statements built
 * with varying lists cannot grow the server's memory without end; beyond that, a text goes unnamed.
 */
export const MAX_NAMED = 2_000;
/** every name starts with this, so the server knows its own (and a test can count them) */
export const NAME_PREFIX = "das_";

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };
type Queryable = { query: (...args: never[]) => unknown };
type PoolLike = { on: (event: "connect", listener: (client: Queryable) => void) => unknown };

let connections = 0;

/** Names the statements of every connection the pool opens from now on. */
export function nameStatements(pool: PoolLike, max = MAX_NAMED): void {
  pool.on("connect", (client) => {
    const prefix = `${NAME_PREFIX}${process.pid}_${++connections}_`;
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      let name = names.get(text);
      if (!name && names.size < max) names.set(text, (name = `${prefix}${names.size}`));
      return name;
    };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      // a config object without a name (drizzle's), or text with values: the extended protocol either way;
      // a bare text (BEGIN, COMMIT) is a simple query, which has no statement to keep
      if (isUnnamedConfig(config)) {
        const name = nameOf(config.text);
        return query(name ? { ...config, name } : config, ...rest);
      }
      if (typeof config === "string" && Array.isArray(rest[0])) {
        const name = nameOf(config);
        return query(name ? { text: config, name, values: rest[0] } : config, ...rest.slice(name ? 1 : 0));
      }
      return query(config, ...rest);
    }) as never;
  });
}

function isUnnamedConfig(config: unknown): config is QueryConfig {
  if (typeof config !== "object" || config === null) return false;
  const c = config as QueryConfig;
  // a Submittable (a cursor, a stream) brings its own protocol
  return typeof c.text === "string" && !c.name && c.submit === undefined;
}
