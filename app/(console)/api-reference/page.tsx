import { FileJson } from "lucide-react";
import type { Metadata } from "next";
import { type Components, InlineCode, type JsonSchema, SchemaTree, typeLabel } from "@/components/api-reference/schema-tree";
import { PageHeader } from "@/components/console/page-header";
import { roleLabel } from "@/components/console/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { buildOpenApi } from "@/lib/api/openapi";
import { routes } from "@/lib/api/routes";
import { sessionCtx } from "@/lib/console/session-ctx";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "API reference" };

type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema; description?: string };
type Response = { description: string; content?: Record<string, { schema: JsonSchema }> };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
  security?: unknown[];
};
type Doc = {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Components };
};

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-primary/12 text-primary",
  POST: "bg-success/15 text-success",
  PATCH: "bg-warning/20 text-warning-foreground dark:text-warning",
  PUT: "bg-warning/20 text-warning-foreground dark:text-warning",
  DELETE: "bg-destructive/15 text-destructive",
};
const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The operation's description without its "Roles: …" paragraph, and the roles it names. */
function splitRoles(description = ""): { text: string; roles: string[] | "public" } {
  const m = /(?:^|\n\n)Roles: ([^\n]+?)\.?$/.exec(description);
  if (!m) return { text: description, roles: [] };
  const text = description.slice(0, m.index).trim();
  return { text, roles: m[1] === "public" ? "public" : m[1].split(/,\s*/) };
}

function anchor(op: Operation): string {
  return `op-${op.operationId}`;
}

export default async function ApiReferencePage() {
  await sessionCtx();
  const doc = buildOpenApi(routes) as unknown as Doc;
  const components = doc.components.schemas;
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const groups = doc.tags
    .map(({ name }) => ({
      tag: name,
      ops: ops
        .filter((o) => o.op.tags[0] === name)
        .sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method)),
    }))
    .filter((g) => g.ops.length > 0);
  const base = doc.servers[0]?.url ?? "/api/v1";

  return (
    <>
      <PageHeader
        title="API reference"
        description={`${doc.info.title} ${doc.info.version} · base ${base} · ${ops.length} operations`}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`${base}/openapi.json`} data-testid="openapi-json-link">
              <FileJson aria-hidden />
              openapi.json
            </a>
          </Button>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[14rem_1fr]">
        <nav aria-label="Operations" className="hidden xl:block">
          <div className="sticky top-20 grid max-h-[calc(100dvh-6rem)] gap-3 overflow-y-auto text-sm">
            {groups.map((g) => (
              <div key={g.tag}>
                <a href={`#tag-${g.tag}`} className="font-medium hover:underline">
                  {g.tag}
                </a>
                <ul className="mt-1 grid gap-0.5">
                  {g.ops.map(({ method, path, op }) => (
                    <li key={`${method} ${path}`}>
                      <a href={`#${anchor(op)}`} className="flex gap-1.5 text-xs text-muted-foreground hover:text-foreground">
                        <span className="w-10 shrink-0 font-mono font-semibold">{method}</span>
                        <span className="truncate">{op.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="grid min-w-0 grid-cols-1 gap-8">
          <Card className="gap-2 py-4">
            <CardContent className="grid gap-2 px-4 text-sm text-muted-foreground [overflow-wrap:anywhere]">
              <p>
                <InlineCode text={doc.info.description} />
              </p>
              <p>
                Send <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> on every request but the public ones; the console&apos;s
                own session is accepted too. Errors are <code className="font-mono">application/problem+json</code> with{" "}
                <code className="font-mono">type, title, status, detail, code, errors[]</code>.
              </p>
            </CardContent>
          </Card>
          {groups.map((g) => (
            <section key={g.tag} id={`tag-${g.tag}`} aria-labelledby={`tag-${g.tag}-title`} className="grid scroll-mt-20 grid-cols-1 gap-3" data-testid="api-tag">
              <h2 id={`tag-${g.tag}-title`} className="text-lg font-semibold">
                {g.tag}
              </h2>
              {g.ops.map(({ method, path, op }) => (
                <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} components={components} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

function OperationCard({ method, path, op, components }: { method: string; path: string; op: Operation; components: Components }) {
  const { text, roles } = splitRoles(op.description);
  const statuses = Object.entries(op.responses);
  const success = statuses.filter(([s]) => s.startsWith("2"));
  const errors = statuses.filter(([s]) => !s.startsWith("2"));
  const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  return (
    <Card id={anchor(op)} className="scroll-mt-20 gap-3 py-4" data-testid="api-operation">
      <CardHeader className="gap-2 px-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded px-1.5 py-0.5 font-mono text-xs font-bold", METHOD_STYLE[method])}>{method}</span>
          <code className="break-all font-mono text-sm font-semibold">{path}</code>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">{op.summary}</h3>
          {roles === "public" ? (
            <Badge variant="outline">public</Badge>
          ) : (
            roles.map((r) => (
              <Badge key={r} variant="secondary" title={r}>
                {roleLabel(r)}
              </Badge>
            ))
          )}
        </div>
        {text && (
          <p className="whitespace-pre-line text-sm text-muted-foreground">
            <InlineCode text={text} />
          </p>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 px-4 [overflow-wrap:anywhere]">
        {op.parameters.length > 0 && (
          <Block title="Parameters">
            <table className="w-full text-xs">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-medium">Name</th>
                  <th className="py-1 pr-3 font-medium">In</th>
                  <th className="py-1 pr-3 font-medium">Type</th>
                  <th className="py-1 font-medium">Description</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-t align-top">
                    <td className="py-1 pr-3">
                      <code className="font-mono font-semibold">{p.name}</code>
                      {p.required && <span className="ml-1 text-[10px] uppercase text-destructive">required</span>}
                    </td>
                    <td className="py-1 pr-3 text-muted-foreground">{p.in}</td>
                    <td className="py-1 pr-3 font-mono text-primary">
                      {typeLabel(p.schema)}
                      {p.schema.default !== undefined && <span className="ml-1 text-muted-foreground">= {JSON.stringify(p.schema.default)}</span>}
                    </td>
                    <td className="py-1 text-muted-foreground">
                      <InlineCode text={p.description ?? p.schema.description ?? ""} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Block>
        )}
        {body && (
          <Block title={`Request body · ${body[0]}${op.requestBody?.required ? "" : " · optional"}`}>
            <SchemaTree schema={body[1].schema} components={components} />
          </Block>
        )}
        {success.map(([status, res]) => {
          const content = res.content ? Object.entries(res.content)[0] : undefined;
          return (
            <Block key={status} title={`Response ${status} · ${res.description}${content ? ` · ${content[0]}` : ""}`}>
              {content ? <SchemaTree schema={content[1].schema} components={components} /> : <p className="text-xs text-muted-foreground">No body.</p>}
            </Block>
          );
        })}
        {errors.length > 0 && (
          <Block title="Errors (application/problem+json)">
            <ul className="grid grid-cols-1 gap-0.5 text-xs">
              {errors.map(([status, res]) => (
                <li key={status} className="flex gap-2">
                  <code className="w-8 shrink-0 font-mono font-semibold text-destructive">{status}</code>
                  <span className="text-muted-foreground">{res.description}</span>
                </li>
              ))}
            </ul>
          </Block>
        )}
      </CardContent>
    </Card>
  );
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{title}</h4>
      {children}
    </div>
  );
}
