import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Download } from "lucide-react";
import { MAX_VEHICLE_TRIPS, PUBLIC_API_LIMITS } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiTokensDoc } from "@/features/marketing/components/api-tokens-doc";
import { useFormat } from "@/lib/format";
import { Trans, useTranslation } from "@/lib/i18n";

/** The parts of an OpenAPI 3.1 document this page reads. */
type Schema = { $ref?: string; type?: string | string[]; description?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; prefixItems?: Schema[] };
type Operation = { summary?: string; requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: { name: string; in: string; description?: string }[]; responses?: Record<string, { description?: string }> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

export const EXAMPLE_FILE = "/examples/vroom-example.json";
/** Code quoted in the section's prose: the same in every language. */
const AUTH_HEADER = "Authorization: Bearer <key>";
const VROOM_ERROR = '{ "code": 2, "error": "<field>…" }';
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The operations of the public API (/api/v1/*), in the document's order. */
export function publicOperations(doc: OpenApiDocument): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/v1/"))
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Operation })));
}

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.split("/").pop();
  return name ? doc.components?.schemas?.[name] : schema;
}

/** A field's type in words: string, number[], VroomJob[], [number, number]… */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  if (schema.prefixItems) return `[${schema.prefixItems.map(typeOf).join(", ")}]`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "object");
}

/** The body's fields, and those of the objects its arrays hold (vehicles, jobs…), one level down. */
export function bodyFields(doc: OpenApiDocument, op: Operation): { name: string; type: string; required: boolean; description?: string }[] {
  const body = resolve(doc, op.requestBody?.content?.["application/json"]?.schema);
  const fields: { name: string; type: string; required: boolean; description?: string }[] = [];
  const walk = (schema: Schema | undefined, prefix: string, depth: number) => {
    for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
      const field = resolve(doc, raw) ?? raw;
      fields.push({ name: `${prefix}${name}`, type: typeOf(raw), required: schema?.required?.includes(name) ?? false, ...(raw.description ?? field.description ? { description: raw.description ?? field.description } : {}) });
      const inner = raw.type === "array" ? resolve(doc, raw.items) : field.properties ? field : undefined;
      if (depth === 0 && inner?.properties) walk(inner, `${prefix}${name}${raw.type === "array" ? "[]" : ""}.`, depth + 1);
    }
  };
  walk(body, "", 0);
  return fields;
}

/** A curl command for the operation with a key from the environment. */
export function curlExample(origin: string, method: string, path: string, hasBody: boolean): string {
  const url = `${origin}${path.replace(/\{(\w+)\}/g, "<$1>")}`;
  const lines = [`curl ${method === "get" ? "" : `-X ${method.toUpperCase()} `}"${url}"`, `  -H "Authorization: Bearer $ROUTEPILOT_API_KEY"`];
  if (hasBody) lines.push(`  -H "Content-Type: application/json"`, `  --data @vroom-example.json`);
  return lines.join(" \\\n");
}

async function fetchOpenApi(signal: AbortSignal): Promise<OpenApiDocument> {
  const res = await fetch("/api/openapi.json", { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`openapi.json: ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/**
 * The API section of /support-docs: generated at runtime from the running server's
 * /api/openapi.json, so it always lists what this server answers (and its limits).
 */
export function ApiReference() {
  const { t, i18n } = useTranslation("marketing");
  const format = useFormat();
  const doc = useQuery({ queryKey: ["openapi"], queryFn: ({ signal }) => fetchOpenApi(signal), staleTime: Infinity });
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  // What the API document says is the API's own English; a translated page says so once.
  const translated = (i18n.resolvedLanguage ?? i18n.language) !== "en";
  const code = <code className="font-mono text-sm" />;
  return (
    <section id="api" aria-labelledby="api-heading" className="mt-10 grid scroll-mt-24 gap-6">
      <div className="grid gap-2">
        <h2 id="api-heading" className="text-2xl font-semibold tracking-tight">
          {t("apiReference.title")}
        </h2>
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="apiReference.intro"
            values={{ header: AUTH_HEADER, error: VROOM_ERROR, tasks: format.number(PUBLIC_API_LIMITS.syncTasks), seconds: format.number(PUBLIC_API_LIMITS.syncTimeLimitSeconds) }}
            components={{ settings: <Link to="/settings#api-keys" className="font-medium text-primary underline underline-offset-2" />, code }}
          />
        </p>
        <p className="text-muted-foreground">
          <Trans t={t} i18nKey="apiReference.trips" values={{ maxTrips: format.number(MAX_VEHICLE_TRIPS) }} components={{ code }} />
        </p>
        <p>
          <a href={EXAMPLE_FILE} download="vroom-example.json" className="inline-flex items-center gap-2 font-medium text-primary underline underline-offset-2">
            <Download className="size-4" aria-hidden="true" />
            {t("apiReference.download")}
          </a>{" "}
          <span className="text-muted-foreground">{t("apiReference.downloadNote")}</span>
        </p>
        {translated ? (
          <p role="note" className="text-sm text-muted-foreground">
            {t("apiReference.englishNote")}
          </p>
        ) : null}
      </div>
      <ApiTokensDoc origin={origin} />
      {doc.isPending ? (
        <Skeleton className="h-48" aria-label={t("apiReference.loading")} />
      ) : doc.isError ? (
        <p className="text-sm text-muted-foreground">{t("apiReference.loadFailed")}</p>
      ) : (
        publicOperations(doc.data).map(({ method, path, op }) => {
          const fields = bodyFields(doc.data, op);
          const operation = `${method.toUpperCase()} ${path}`;
          return (
            <Card key={`${method} ${path}`}>
              <CardHeader className="grid gap-2">
                <CardTitle className="flex flex-wrap items-center gap-2 font-mono text-base">
                  <Badge variant="secondary">{method.toUpperCase()}</Badge>
                  <span>{path}</span>
                </CardTitle>
                {op.summary ? <p className="text-sm text-muted-foreground">{op.summary}</p> : null}
              </CardHeader>
              <CardContent className="grid gap-4 text-sm">
                {fields.length > 0 ? (
                  <div className="overflow-x-auto">
                    <table className="w-full text-left">
                      <caption className="sr-only">{t("apiReference.fieldsCaption", { operation })}</caption>
                      <thead>
                        <tr className="border-b">
                          <th scope="col" className="py-1 pr-3 font-medium">{t("apiReference.field")}</th>
                          <th scope="col" className="py-1 pr-3 font-medium">{t("apiReference.type")}</th>
                          <th scope="col" className="py-1 font-medium">{t("apiReference.fieldDescription")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {fields.map((f) => (
                          <tr key={f.name} className="border-b align-top last:border-0">
                            <td className="py-1 pr-3 font-mono text-xs">
                              {f.name}
                              {f.required ? (
                                <span className="text-destructive">
                                  {" "}
                                  {t("apiReference.required")}
                                </span>
                              ) : null}
                            </td>
                            <td className="py-1 pr-3 font-mono text-xs">{f.type}</td>
                            <td className="py-1 text-muted-foreground">{f.description ?? ""}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
                <div className="grid gap-1">
                  <h3 className="font-medium">{t("apiReference.answers")}</h3>
                  <ul className="grid gap-1 text-muted-foreground">
                    {Object.entries(op.responses ?? {}).map(([status, r]) => (
                      <li key={status}>
                        <span className="font-mono">{status}</span> {r.description}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="grid gap-1">
                  <h3 className="font-medium">{t("apiReference.example")}</h3>
                  <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" tabIndex={0} aria-label={t("apiReference.curlLabel", { operation })}>
                    {curlExample(origin, method, path, fields.length > 0)}
                  </pre>
                </div>
              </CardContent>
            </Card>
          );
        })
      )}
    </section>
  );
}
