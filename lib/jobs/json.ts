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
          ? { [I in keyof T]: T[I] extends Dropped ? null : JsonOf<T[I]> }
          : T extends object
            ? { [K in keyof T as K extends symbol ? never : [Exclude<T[K], undefined>] extends [never] ? never : Exclude<T[K], undefined> extends Dropped ? never : K]: JsonOf<Exclude<T[K], undefined>> }
            : never;

/** What a step or run output becomes in jsonb; the handler sees the same value on first run and on replay. */
export const toJson = <T>(value: T): Jsonify<T> => (value === undefined ? null : JSON.parse(JSON.stringify(value))) as Jsonify<T>;
