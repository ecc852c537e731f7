import { checkedAtBoot, type Config, type ValueOf, VAR_NAMES, VARIABLES, type VarName } from "./schema";

/**
 * The one reader of the environment. Each value is parsed on read, from the variable's current
 * text, and kept until that text changes: what a sandbox's boot or a test writes is seen at the
 * next read, and a hot path (a log line, a rate-limit check) pays one lookup. No Node-only module:
 * the proxy and next.config.ts import it too.
 */
type Source = Record<string, string | undefined>;

/** A variable whose value does not parse: the message names it and says what is wrong. */
export class ConfigError extends Error {
  constructor(readonly variable: VarName, readonly problem: string) {
    super(`${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

const cache = new Map<VarName, { raw: string | undefined; value: unknown }>();

function parse<K extends VarName>(name: K, raw: string | undefined): ValueOf<K> {
  const variable = VARIABLES[name];
  // an empty variable is an unset one (`DATABASE_URL=` copied from .env.example)
  const text = raw === undefined || raw.trim() === "" ? variable.default : raw;
  if (text === null) return undefined as ValueOf<K>;
  const result = variable.schema.safeParse(text);
  if (!result.success) throw new ConfigError(name, result.error.issues[0]?.message ?? "is not valid");
  return result.data as ValueOf<K>;
}

/** The variable's typed value (its default when unset); throws ConfigError when it does not parse. */
export function readVar<K extends VarName>(name: K, source: Source = process.env): ValueOf<K> {
  const raw = source[name];
  if (source !== process.env) return parse(name, raw);
  const hit = cache.get(name);
  if (hit && hit.raw === raw) return hit.value as ValueOf<K>;
  const value = parse(name, raw);
  cache.set(name, { raw, value });
  return value;
}

function configOver(source: () => Source): Config {
  const out = {} as Config;
  for (const name of VAR_NAMES) Object.defineProperty(out, name, { enumerable: true, get: () => readVar(name, source()) });
  return out;
}

/** The configuration, read live: `config.PORT` is a number, `config.PUBLIC_URL` a string or undefined. */
export const config: Config = configOver(() => process.env);

/** The configuration these variables would give (a test's what-if; the same parsing as `config`). */
export const configOf = (source: Source): Config => configOver(() => source);

/** The variable's text as set, "" and unset alike undefined: for handing down to a child process. */
export function rawVar(name: VarName): string | undefined {
  const raw = process.env[name];
  return raw === undefined || raw.trim() === "" ? undefined : raw;
}

/**
 * Sets (or, with undefined, unsets) a variable of this process, for what it reads next and the
 * processes it starts: a sandbox's URL at boot, the supervisor's hand-off to its workers.
 * The value must parse: a bad one is refused here, not at some later read.
 */
export function setVar(name: VarName, value: string | undefined): void {
  if (value === undefined) {
    delete (process.env as Source)[name];
    return;
  }
  parse(name, value);
  (process.env as Source)[name] = value;
}

/** One line per variable set to a value that does not parse ("PORT must be a whole number"); none when all are good. */
export function configProblems(source: Source = process.env): string[] {
  const problems: string[] = [];
  for (const name of VAR_NAMES) {
    if (!checkedAtBoot(name)) continue;
    try {
      parse(name, source[name]);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(err.message);
    }
  }
  return problems;
}
