import { buildApp } from '../app.ts';
import { type Config, DEFAULT_SOCKET_LIMITS, DEFAULT_WRITE_LIMITS } from '../config.ts';

/**
 * docs/api-contract.md, rendered from the OpenAPI document that the routes' zod schemas
 * produce, so the contract a reader sees is the one the gateway validates. Paths, methods
 * and codes are sorted and fields keep their schema order: the same routes always render
 * the same text, and a test compares the committed file with a fresh rendering.
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  description?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

type Parameter = { in: string; name: string; required?: boolean; description?: string; schema?: JsonSchema };
type Content = Record<string, { schema?: JsonSchema }>;
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
  security?: Record<string, string[]>[];
  /** Whom the route serves (plugins/auth.ts `Audience`). */
  'x-audience'?: string;
};
export type OpenApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** zod's integer bounds: present on every integer, they say nothing to a reader. */
const SAFE_INT = Number.MAX_SAFE_INTEGER;

/**
 * A gateway that is built but never listens: the document depends on the routes alone.
 * postgres.js connects on the first query, which never comes; Redis clients point at a port
 * nothing answers on, so generating the contract touches no one's data.
 */
export function contractConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'postgres://api-contract@127.0.0.1:1/api_contract',
    redisUrl: 'redis://127.0.0.1:1',
    redisPrefix: 'api-contract:',
    jwtSecret: 'api-contract-secret-not-used-for-anything',
    jwtExpiresIn: '1h',
    webDist: undefined,
    logLevel: 'silent',
    loginRateLimit: 10,
    registerRateLimit: 5,
    loginLock: { threshold: 10, windowMs: 15 * 60_000 },
    writeLimits: DEFAULT_WRITE_LIMITS,
    trustProxy: false,
    socketCorsOrigins: [],
    socketLimits: DEFAULT_SOCKET_LIMITS,
    tradeMaxPriceAgeMs: 5000,
    voucherDir: '/nonexistent/api-contract-vouchers',
    ...overrides,
  };
}

/** The OpenAPI document of a gateway built from `config` (as the tests build it). */
export async function openApiDocument(config: Config = contractConfig()): Promise<OpenApiDocument> {
  const app = await buildApp(config);
  try {
    await app.ready();
    return app.swagger() as OpenApiDocument;
  } finally {
    await app.close();
  }
}

/** The markdown of docs/api-contract.md. */
export async function generateApiContract(config?: Config): Promise<string> {
  return renderApiContract(await openApiDocument(config));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const literal = (value: unknown) => JSON.stringify(value);

/** A schema's type in TypeScript-like notation: `'a' \| 'b'`, `string[]`, `object \| null`. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  let t: string;
  const union = schema.anyOf ?? schema.oneOf;
  if (schema.const !== undefined) t = literal(schema.const);
  else if (schema.enum) t = schema.enum.map(literal).join(' | ');
  else if (union) t = [...new Set(union.map(typeOf))].join(' | ');
  else if (schema.allOf) t = schema.allOf.map(typeOf).join(' & ');
  else if (schema.type === 'array') {
    const item = typeOf(schema.items);
    t = `${/[ |&]/.test(item) ? `(${item})` : item}[]`;
  } else if (!schema.properties && typeof schema.additionalProperties === 'object') {
    t = `Record<string, ${typeOf(schema.additionalProperties)}>`;
  } else if (Array.isArray(schema.type)) t = schema.type.join(' | ');
  else if (schema.type) t = schema.format ? `${schema.type} (${schema.format})` : schema.type;
  else if (schema.properties) t = 'object';
  else t = 'any';
  return schema.nullable && !t.includes('null') ? `${t} | null` : t;
}

/** Bounds, pattern, default and description of a field, in one short line. */
export function notesOf(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  const notes: string[] = [];
  const min = schema.minimum;
  const max = schema.maximum;
  const exclusiveMin = schema.exclusiveMinimum === true;
  const exclusiveMax = schema.exclusiveMaximum === true;
  if (typeof schema.exclusiveMinimum === 'number') notes.push(`> ${schema.exclusiveMinimum}`);
  else if (min !== undefined && Math.abs(min) !== SAFE_INT) notes.push(`${exclusiveMin ? '>' : '>='} ${min}`);
  if (typeof schema.exclusiveMaximum === 'number') notes.push(`< ${schema.exclusiveMaximum}`);
  else if (max !== undefined && Math.abs(max) !== SAFE_INT) notes.push(`${exclusiveMax ? '<' : '<='} ${max}`);
  if (schema.minLength !== undefined) notes.push(`length >= ${schema.minLength}`);
  if (schema.maxLength !== undefined) notes.push(`length <= ${schema.maxLength}`);
  if (schema.minItems !== undefined) notes.push(`items >= ${schema.minItems}`);
  if (schema.maxItems !== undefined) notes.push(`items <= ${schema.maxItems}`);
  // A format's own regex (zod writes one for uuid, email, ...) says nothing the format does not.
  if (schema.pattern !== undefined && !schema.format) notes.push(`pattern ${code(schema.pattern)}`);
  if (schema.default !== undefined) notes.push(`default ${code(literal(schema.default))}`);
  if (schema.description) notes.push(schema.description);
  return notes.join('; ');
}

type Field = { name: string; schema: JsonSchema | undefined; required: boolean };

/** An object's fields, nested objects flattened to dotted names (`bank.ifsc`). */
export function fieldsOf(schema: JsonSchema | undefined, prefix = '', depth = 0): Field[] {
  const properties = schema?.properties;
  if (!properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(properties).flatMap(([key, child]) => {
    const name = `${prefix}${key}`;
    const own: Field = { name, schema: child, required: required.has(key) };
    const nested = child.properties && depth < 2 ? fieldsOf(child, `${name}.`, depth + 1) : [];
    return [own, ...nested];
  });
}

function fieldTable(fields: Field[]): string[] {
  if (fields.length === 0) return [];
  return [
    '| name | type | required | notes |',
    '| --- | --- | --- | --- |',
    ...fields.map(
      (f) =>
        `| ${code(f.name)} | ${cell(code(typeOf(f.schema)))} | ${f.required ? 'yes' : 'no'} | ${cell(notesOf(f.schema))} |`,
    ),
  ];
}

/** Objects this small are spelled out inline in an answer's shape; larger ones read `object`. */
const INLINE_KEYS = 4;

/** `{ real: number, practice: number }` for a small flat object, else its type. */
function inlineTypeOf(schema: JsonSchema | undefined): string {
  const properties = schema?.properties;
  if (!properties) return typeOf(schema);
  const entries = Object.entries(properties);
  if (entries.length > INLINE_KEYS || entries.some(([, child]) => child.properties)) return typeOf(schema);
  const required = new Set(schema.required ?? []);
  const keys = entries.map(([key, child]) => `${key}${required.has(key) ? '' : '?'}: ${typeOf(child)}`);
  const shape = `{ ${keys.join(', ')} }`;
  return schema.nullable ? `${shape} | null` : shape;
}

/** The first level of an answer: `{ trade: object, balances: { real: number, ... } }`, or a media type. */
function shapeOf(content: Content | undefined): string {
  if (!content) return 'no body';
  const types = Object.keys(content).sort();
  const json = content['application/json'];
  if (!json) return types.map(code).join(', ');
  const schema = json.schema;
  if (!schema?.properties) return code(typeOf(schema));
  const required = new Set(schema.required ?? []);
  const keys = Object.entries(schema.properties).map(
    ([key, child]) => `${key}${required.has(key) ? '' : '?'}: ${inlineTypeOf(child)}`,
  );
  return code(`{ ${keys.join(', ')} }`);
}

function renderOperation(method: string, path: string, op: Operation): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, ''];
  const text = op.summary ?? op.description;
  if (text) lines.push(cell(text), '');
  const audience = op['x-audience'] ? ` Audience: ${code(op['x-audience'])}.` : '';
  lines.push(`Auth: ${op.security?.length ? 'bearer token' : 'none'}.${audience}`, '');

  const params = op.parameters ?? [];
  for (const where of ['path', 'query', 'header'] as const) {
    const fields = params
      .filter((p) => p.in === where)
      .map((p) => ({
        name: p.name,
        schema: p.description ? { ...p.schema, description: p.description } : p.schema,
        required: p.required === true,
      }));
    if (fields.length === 0) continue;
    lines.push(`${where === 'path' ? 'Path parameters' : where === 'query' ? 'Query' : 'Headers'}:`, '');
    lines.push(...fieldTable(fields), '');
  }

  const body = op.requestBody?.content;
  if (body) {
    const type = Object.keys(body).sort()[0] ?? 'application/json';
    const schema = body[type]?.schema;
    const fields = fieldsOf(schema);
    lines.push(`Body (${code(type)}${op.requestBody?.required ? '' : ', optional'}):`, '');
    if (fields.length > 0) lines.push(...fieldTable(fields), '');
    else lines.push(code(typeOf(schema)), '');
  }

  const responses = Object.entries(op.responses ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (responses.length > 0) {
    lines.push('| status | answer |', '| --- | --- |');
    for (const [status, response] of responses) {
      const error = status >= '400' && shapeOf(response.content).startsWith('`{ statusCode');
      lines.push(`| ${status} | ${error ? 'error' : cell(shapeOf(response.content))} |`);
    }
    lines.push('');
  }
  return lines;
}

export function renderApiContract(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => {
      const op = item[method] as Operation;
      return { path, method, op, group: op.tags?.[0] ?? 'other' };
    }),
  );
  operations.sort(
    (a, b) =>
      a.group.localeCompare(b.group) ||
      a.path.localeCompare(b.path) ||
      METHODS.indexOf(a.method) - METHODS.indexOf(b.method),
  );
  const groups = [...new Set(operations.map((o) => o.group))];

  const lines = [
    '# API contract',
    '',
    "<!-- Generated from the gateway's OpenAPI document by `pnpm docs:api`; do not edit by hand. -->",
    '',
    `${doc.info?.title ?? 'API'} ${doc.info?.version ?? ''}`.trim().concat('.'),
    doc.info?.description ?? '',
    'Every route is under `/api`; a request body is JSON unless stated. "bearer token" means',
    "`Authorization: Bearer <token>`. Each route's audience: `public` (no session), `user` (the",
    "caller's own records), `both` (own records; staff see other accounts' too), `staff` and",
    '`superadmin` (403 to anyone else, and to staff without two-factor sign-in). An answer',
    'marked "error" is `{ statusCode, error, message, requestId }`, where `message` is what a',
    'user reads. The same document is served at `/api/docs` (UI) and `/api/docs/json`.',
    'Socket.IO events and the Redis formats are in [realtime.md](realtime.md).',
    '',
    ...groups.map((g) => `- [${g}](#${g})`),
    '',
  ];
  for (const group of groups) {
    lines.push(`## ${group}`, '');
    for (const o of operations.filter((x) => x.group === group))
      lines.push(...renderOperation(o.method, o.path, o.op));
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
