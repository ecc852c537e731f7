import { cn } from "@/lib/utils";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  example?: unknown;
  examples?: unknown[];
};

export type Components = Record<string, JsonSchema>;

const MAX_DEPTH = 6;

function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

/** Follows a $ref into the document's components; returns the name it came from. */
export function resolve(schema: JsonSchema, components: Components): { schema: JsonSchema; name?: string } {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return { schema: components[name] ?? {}, name };
  }
  return { schema };
}

function variants(s: JsonSchema): JsonSchema[] | undefined {
  return s.anyOf ?? s.oneOf;
}

/** A one-line type: `string (date-time)`, `AuditEntry[]`, `"A" | "B"`, `integer | null`. */
export function typeLabel(s: JsonSchema): string {
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const vs = variants(s);
  if (vs) return vs.map(typeLabel).join(" | ");
  if (s.allOf) return s.allOf.map(typeLabel).join(" & ");
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) return s.properties ? "object" : "any";
  return types
    .map((t) => {
      if (t === "array") return s.items ? `${wrap(typeLabel(s.items))}[]` : "array";
      if (t === "object" && !s.properties && s.additionalProperties && typeof s.additionalProperties === "object")
        return `map<string, ${typeLabel(s.additionalProperties)}>`;
      return s.format ? `${t} (${s.format})` : t;
    })
    .join(" | ");
}

function wrap(label: string): string {
  return label.includes(" | ") ? `(${label})` : label;
}

function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.minLength !== undefined) out.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`< ${s.exclusiveMaximum}`);
  if (s.minItems !== undefined) out.push(`min ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`max ${s.maxItems} items`);
  // a format (date-time, uuid) already says what the generated pattern spells out at length
  if (s.pattern && !s.format) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/** The object a node expands into, if any: itself, its array items, or a non-null variant. */
function expandable(s: JsonSchema, components: Components): { schema: JsonSchema; name?: string } | null {
  const r = resolve(s, components);
  if (r.schema.properties) return r;
  if (r.schema.items) return expandable(r.schema.items, components);
  const vs = variants(r.schema)?.filter((v) => !(v.type === "null"));
  if (vs && vs.length === 1) return expandable(vs[0], components);
  if (r.schema.additionalProperties && typeof r.schema.additionalProperties === "object") return expandable(r.schema.additionalProperties, components);
  return null;
}

/** A schema as a compact tree of properties: name, type, required, constraints, description. */
export function SchemaTree({
  schema,
  components,
  depth = 0,
  seen = [],
}: {
  schema: JsonSchema;
  components: Components;
  depth?: number;
  seen?: string[];
}) {
  const target = expandable(schema, components);
  if (!target) {
    return (
      <p className="font-mono text-xs">
        <span className="text-primary">{typeLabel(schema)}</span>
        {resolve(schema, components).schema.description && (
          <span className="ml-2 font-sans text-muted-foreground">{resolve(schema, components).schema.description}</span>
        )}
      </p>
    );
  }
  if (depth === 0 && typeLabel(schema) !== "object") {
    return (
      <div className="grid grid-cols-1 gap-1">
        <p className="font-mono text-xs text-primary">{typeLabel(schema)}</p>
        <Properties schema={target.schema} components={components} depth={depth} seen={target.name ? [...seen, target.name] : seen} />
      </div>
    );
  }
  return <Properties schema={target.schema} components={components} depth={depth} seen={target.name ? [...seen, target.name] : seen} />;
}

function Properties({ schema, components, depth, seen }: { schema: JsonSchema; components: Components; depth: number; seen: string[] }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return <p className="text-xs text-muted-foreground">empty object</p>;
  return (
    <ul className={cn("grid grid-cols-1 gap-1 text-xs [overflow-wrap:anywhere]", depth > 0 && "ml-2 border-l pl-3")}>
      {entries.map(([name, prop]) => {
        const resolved = resolve(prop, components).schema;
        const child = expandable(prop, components);
        const cyclic = child?.name ? seen.includes(child.name) : false;
        const description = prop.description ?? resolved.description;
        const line = (
          <span className="inline-flex max-w-full flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-semibold">{name}</code>
            {required.has(name) ? (
              <span className="text-[10px] font-medium uppercase text-destructive" title="required">
                required
              </span>
            ) : (
              <span className="text-[10px] uppercase text-muted-foreground">optional</span>
            )}
            <code className="font-mono text-primary">{typeLabel(prop)}</code>
            {constraints(resolved).map((c) => (
              <span key={c} className="text-muted-foreground">
                {c}
              </span>
            ))}
            {description && (
              <span className="text-muted-foreground">
                — <InlineCode text={description} />
              </span>
            )}
          </span>
        );
        if (!child || cyclic || depth >= MAX_DEPTH) return <li key={name}>{line}</li>;
        return (
          <li key={name}>
            <details open={depth < 1}>
              <summary className="cursor-pointer list-inside marker:text-muted-foreground">{line}</summary>
              <div className="mt-1">
                <Properties schema={child.schema} components={components} depth={depth + 1} seen={child.name ? [...seen, child.name] : seen} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** Renders `backticked` spans of a description as code, the rest as text. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-muted px-1 font-mono text-[0.9em] [overflow-wrap:anywhere]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
