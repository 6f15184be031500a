/** The parts of the server's OpenAPI document (server/openapi/document.ts) the reference page shows. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** Values the field is documented with; the first is the example call's. */
  examples?: unknown[];
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  'x-tacke-scope': 'read' | 'write' | 'chat' | 'admin' | 'session';
  'x-tacke-access': 'public' | 'user' | 'admin';
  parameters?: { name: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

export interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
}

export interface ApiOperation {
  name: string;
  tag: string;
  method: 'get' | 'post';
  path: string;
  summary: string;
  scope: Operation['x-tacke-scope'];
  access: Operation['x-tacke-access'];
  /** Query parameters (GET) or the JSON body's fields (POST). */
  fields: { name: string; required: boolean; schema: JsonSchema }[];
}

export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const op = methods[method];
      if (!op) return [];
      const body = op.requestBody?.content['application/json'].schema;
      const fields =
        op.parameters ??
        Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
          name,
          schema,
          required: body?.required?.includes(name) ?? false,
        }));
      return [
        {
          name: op.operationId,
          tag: op.tags[0] ?? '',
          method,
          path,
          summary: op.summary,
          scope: op['x-tacke-scope'],
          access: op['x-tacke-access'],
          fields,
        },
      ];
    }),
  );
}

/** A schema's type in a few characters: `string (uuid)`, `"sl" | "en"`, `string[]`, `integer | null`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array') return `${typeLabel(schema.items ?? {})}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** A value that shows the field's type, for the example call. */
function sample(schema: JsonSchema): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf) return sample(schema.anyOf[0] ?? {});
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sample(schema.items ?? {})];
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => schema.required?.includes(name))
        .map(([name, field]) => [name, sample(field)]),
    );
  return schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : '…';
}

/**
 * The call with curl: the required fields with sample values, and the optional ones with an example (one of
 * them may be needed instead of another: a dog's birth month or age), the token from $TACKE_TOKEN.
 */
export function curlExample(op: ApiOperation, origin: string): string {
  const required = op.fields.filter((field) => field.required || field.schema.examples?.length);
  const auth = `curl -H "Authorization: Bearer $TACKE_TOKEN"`;
  if (op.method === 'get') {
    const params = required.map(
      (field) => ` --data-urlencode '${field.name}=${String(sample(field.schema))}'`,
    );
    return `${auth}${params.length ? ' -G' : ''}${params.join('')} \\\n  "${origin}${op.path}"`;
  }
  if (!op.fields.length) return `${auth} -X POST \\\n  "${origin}${op.path}"`;
  const body = Object.fromEntries(required.map((field) => [field.name, sample(field.schema)]));
  return `${auth} \\\n  --json '${JSON.stringify(body)}' \\\n  "${origin}${op.path}"`;
}
