/**
 * The type a value has after JSON.stringify then JSON.parse, which is what a step output or a
 * run output becomes in both runners: a Date is a string, undefined properties and functions
 * vanish, undefined in an array is null, a Map or Set is {}. `toJson` does it to the value.
 */
export type Jsonify<T> = T extends undefined | void ? null : JsonOf<T>;

type JsonPrimitive = string | number | boolean | null;
type Dropped = undefined | symbol | ((...args: never[]) => unknown);

type JsonOf<T> = T extends JsonPrimitive
  ? T
  : T extends { toJSON(): infer J }
    ? JsonOf<J>
    : T extends Dropped
      ? never
      : T extends ReadonlyMap<unknown, unknown> | ReadonlySet<unknown>
        ? Record<string, never>
        : T extends readonly unknown[]
          ? { [I in keyof T]: JsonElement<T[I]> }
          : T extends object
            ? JsonObject<T>
            : never;

/** in an array, what JSON cannot hold becomes null */
type JsonElement<E> = E extends Dropped ? null : JsonOf<E>;

/** a property that is (only) undefined or a function vanishes; one that may be undefined becomes optional */
type Vanishes<V> = [Exclude<V, undefined>] extends [never] ? true : Exclude<V, undefined> extends Dropped ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: K extends symbol ? never : Vanishes<T[K]> extends true ? never : undefined extends T[K] ? never : K }[keyof T];
type OptionalKeys<T> = { [K in keyof T]-?: K extends symbol ? never : Vanishes<T[K]> extends true ? never : undefined extends T[K] ? K : never }[keyof T];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type JsonObject<T> = Simplify<{ [K in RequiredKeys<T>]: JsonOf<T[K]> } & { [K in OptionalKeys<T>]?: JsonOf<Exclude<T[K], undefined>> }>;

/** What a step or run output becomes in jsonb; the handler sees the same value on first run and on replay. */
export const toJson = <T>(value: T): Jsonify<T> => (value === undefined ? null : JSON.parse(JSON.stringify(value))) as Jsonify<T>;
