import { checkLedgerInvariants, users } from '@app/db';
import { istDay } from '@app/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPng, multipartOf, requestTopup } from '../features/topups/topups.fixtures.ts';
import type { JsonSchema, OpenApiDocument } from '../lib/api-contract.ts';
import { auth, createKey, createUser, type TestUser } from './helpers.ts';
import { makeBook, makeStats, makeTick, workerRedis, writeMarket } from './market-fixtures.ts';
import { buildTradingApp, fund, newKey, type TradingApp } from './trade-fixtures.ts';

/**
 * Every route the gateway documents, fed malformed input generated from its own schemas (the
 * OpenAPI document the app serves, which the routes' zod schemas produce): wrong types, control
 * characters, huge strings, odd numbers, extra keys, broken JSON, wrong content types, broken
 * multipart, bad path and query values, as a user, an admin, a superadmin, nobody and a forged
 * token. No answer may be a 5xx, and the ledger must still balance afterwards.
 *
 * `FUZZ_SEED` replays a run (the seed is printed with any failure); `FUZZ_RUNS` sets the
 * requests per route.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

type Role = 'user' | 'admin' | 'superadmin';
type Caller = Role | 'nobody' | 'forged';
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
};
type Request = {
  caller: Caller;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
};

let trading: TradingApp;
let app: FastifyInstance;
const actors = {} as Record<Role, TestUser>;
/** Ids of real rows of every kind (users, trades, top-ups, keys, ...), for path parameters and bodies. */
const ids: string[] = [];

// ---- values ---------------------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Test\u0000',
  '\u0007\u001b[31m',
  '\r\n',
  '\t',
  '\u007f\u0085',
  '\u2028\u2029',
  '\u202e',
  '\ufeff',
  '\ud800',
  '😀',
  '0x10',
  '1e3',
  '1e309',
  '-1',
  '-0',
  '0',
  '0.001',
  '1.005',
  ' 100',
  '100 ',
  '１００',
  '007',
  '.5',
  '5.',
  'NaN',
  'Infinity',
  '-Infinity',
  '9'.repeat(40),
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2019-12-31',
  '2026-13-01',
  'yesterday',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  "' or 1=1 --",
  '%00',
  '%',
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

const VALID_STRINGS = [
  'BTC',
  'ETH',
  'BTC/INR',
  'BTC-INR',
  'BTCUSDT',
  'up',
  'down',
  'real',
  'practice',
  'INR',
  'bank',
  'Test',
  'Review',
  'quiet-Lantern-58',
  'new-secret-456',
  'a@example.com',
  'fuzz_user',
  '100',
  '100.50',
  '0.5',
  'SBIN0001234',
  '123456789012',
  'https://example.com/logo.png',
  'ABCD1234',
  '2020-01-01',
  istDay(),
  new Date().toISOString(),
  new Date(Date.now() + 86_400_000).toISOString(),
];

const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(300, 5_000, 70_000).map((n) => 'x'.repeat(n)),
  },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e-9, 0.001, 1.005, 0.1 + 0.2, 1e21, 2 ** 53 + 2, Number.MAX_VALUE, 1e7 + 0.01),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  // Deep nesting: a parser or a schema that recurses must not fall over.
  { weight: 1, arbitrary: fc.constant(JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`)) },
);

/** A value the schema would take, or close to it (enums, bounds, real ids, realistic text). */
function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.constantFrom(...ids);
      const maxLength = Math.min(schema.maxLength ?? 30, 30);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return fc.oneof(fc.constantFrom(...VALID_STRINGS), fc.string({ minLength, maxLength }));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? Math.max(schema.minimum, -1e6) : -10;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1e6) : 100_000;
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
        : fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return objectOf(schema, depth + 1);
    default:
      return hostileValue;
  }
}

/** A field: mostly what the schema wants, often something it must refuse. */
const fieldValue = (schema: JsonSchema | undefined, depth = 0) =>
  fc.oneof({ weight: 3, arbitrary: validValue(schema, depth) }, { weight: 2, arbitrary: hostileValue });

/** An object with the schema's properties (each present or not) and sometimes keys it does not know. */
function objectOf(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const known = fc.record(Object.fromEntries(properties.map(([key, s]) => [key, fieldValue(s, depth)])), {
    requiredKeys: [],
  });
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')),
        hostileValue,
        {
          maxKeys: 3,
        },
      ),
    },
  );
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}

// ---- requests -------------------------------------------------------------------------------------

/** Lone surrogate halves as U+FFFD: a URL or a form field cannot carry them. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * A path or query value, percent-encoded. Values are cut at 2,000 characters: a real request
 * line is bounded by Node's 16 KB header limit, and the huge strings go in bodies.
 */
const encode = (value: unknown) =>
  encodeURIComponent(
    wellFormed(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 2_000),
  );

const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '7', '999999999') },
  // Read when a value is drawn: the ids exist once the rows are made.
  { weight: 4, arbitrary: fc.constant(null).chain(() => fc.constantFrom(...ids)) },
  { weight: 3, arbitrary: hostileString },
);

const RAW_QUERY = ['%', '%zz', '%E0%A4%A', 'a[b]=1', '&&&', '=', 'from=%00', 'q=%00', 'page=1&page=2'];

function queryOf(params: Parameter[]): fc.Arbitrary<string> {
  const pairs = params.map((p) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<string[]>([]) },
      { weight: 3, arbitrary: validValue(p.schema).map((v) => [`${encode(p.name)}=${encode(v)}`]) },
      { weight: 3, arbitrary: hostileValue.map((v) => [`${encode(p.name)}=${encode(v)}`]) },
      {
        weight: 1,
        arbitrary: fc
          .array(hostileString, { minLength: 2, maxLength: 3 })
          .map((vs) => vs.map((v) => `${encode(p.name)}=${encode(v)}`)),
      },
    ),
  );
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY).map((q) => [q]) },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileString, hostileString).map(([k, v]) => [`${encode(k)}=${encode(v)}`]),
    },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([ps, e]) => [...ps.flat(), ...e].join('&'));
}

const BROKEN_JSON = [
  '{',
  '{"amount":',
  '[1,',
  '{"amount": 1e999}',
  '{"amount": -}',
  'nul',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '{"a":1,"a":2}',
  '\ufeff{}',
];

/** A multipart body as a browser sends it, then cut short or given the wrong boundary. */
const brokenMultipart = fc
  .tuple(
    fc.constantFrom('cut', 'boundary', 'noBoundary', 'garbage', 'whole'),
    fc.integer({ min: 0, max: 400 }),
    fieldValue({ type: 'string' }),
  )
  .map(async ([kind, cut, amount]) => {
    const form = await multipartOf({
      amount: wellFormed(typeof amount === 'string' ? amount : (JSON.stringify(amount) ?? '')),
      currency: 'INR',
      voucher: aPng(300),
    });
    switch (kind) {
      case 'cut':
        return { payload: form.payload.subarray(0, cut), contentType: form.contentType };
      case 'boundary':
        return { payload: form.payload, contentType: 'multipart/form-data; boundary=not-the-boundary' };
      case 'noBoundary':
        return { payload: form.payload, contentType: 'multipart/form-data' };
      case 'garbage':
        return {
          payload: Buffer.from('\u0000--\r\n\r\n--x'.repeat(cut % 50)),
          contentType: form.contentType,
        };
      default:
        return form;
    }
  });

type Body = { payload: string | Buffer | undefined; contentType: string | undefined };

function bodyOf(operation: Operation): fc.Arbitrary<Body | Promise<Body>> {
  const json = (value: unknown): Body => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const schemaBody = operation.body ? objectOf(operation.body).map(json) : fc.constant(json({}));
  // Every field present and plausible: the request gets past validation into the route's code.
  const plausibleBody = fc
    .record(
      Object.fromEntries(
        Object.entries(operation.body?.properties ?? {}).map(([key, schema]) => [key, validValue(schema)]),
      ),
    )
    .map(json);
  return fc.oneof(
    { weight: 6, arbitrary: schemaBody },
    { weight: 4, arbitrary: plausibleBody },
    { weight: 1, arbitrary: fc.constant<Body>({ payload: undefined, contentType: undefined }) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...BROKEN_JSON)
        .map((payload): Body => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'application/octet-stream',
            'image/png',
            '',
            'multipart/form-data; boundary=',
          ),
          fc.constantFrom('amount=1&currency=INR', '<a/>', '{}', '\u0000'),
        )
        .map(([contentType, payload]): Body => ({ payload, contentType })),
    },
    { weight: 2, arbitrary: brokenMultipart },
    {
      weight: 1,
      // Past the 1 MB body limit.
      arbitrary: fc.constant<Body>({
        payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
        contentType: 'application/json',
      }),
    },
  );
}

const caller = fc.constantFrom<Caller>(
  'superadmin',
  'superadmin',
  'superadmin',
  'admin',
  'admin',
  'user',
  'user',
  'nobody',
  'forged',
);

const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constant(null).map(() => newKey()) },
  { weight: 1, arbitrary: fc.constantFrom('short', 'x'.repeat(200), 'has space', '../..', '%00') },
);

function requestOf(operation: Operation): fc.Arbitrary<Promise<Request>> {
  const path = fc
    .tuple(...operation.pathParams.map(() => pathValue))
    .map((values) =>
      operation.pathParams.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, encode(values[i])),
        operation.path,
      ),
    );
  return fc
    .tuple(caller, path, queryOf(operation.query), bodyOf(operation), idempotencyKey)
    .map(async ([who, url, query, bodyOrPromise, key]) => {
      const body = await bodyOrPromise;
      const headers: Record<string, string> = {};
      if (who === 'forged') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
      else if (who !== 'nobody') Object.assign(headers, auth(actors[who].token));
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      if (key !== undefined) headers['idempotency-key'] = key;
      const hasBody = operation.method !== 'get' && operation.method !== 'delete';
      return {
        caller: who,
        url: query ? `${url}?${query}` : url,
        headers,
        payload: hasBody ? body.payload : undefined,
      };
    });
}

const describeRequest = (method: string, request: Request) => {
  const payload =
    request.payload === undefined ? '' : String(request.payload).slice(0, 300).replaceAll('\u0000', '\\0');
  return `${method.toUpperCase()} ${request.url.slice(0, 300)} as ${request.caller} [${request.headers['content-type'] ?? 'no content type'}] ${payload}`;
};

/** A role's token again, after a route ended its sessions (log out everywhere, a password change). */
async function refreshToken(role: Role) {
  const [row] = await app.db.select().from(users).where(eq(users.id, actors[role].id));
  if (row) actors[role].token = app.signToken(row);
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = (op.parameters ?? []) as Parameter[];
      operations.push({
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

// ---- the run --------------------------------------------------------------------------------------

beforeAll(async () => {
  trading = await buildTradingApp('fuzz', { logLevel: 'error' });
  app = trading.app;
  for (const role of ['user', 'admin', 'superadmin'] as const) actors[role] = await createUser(app, { role });
  await fund(app, actors.user.id, 100_000);
  // Rows for path parameters: other people, so no route turns on the callers themselves.
  const victim = await createUser(app);
  const victimAdmin = await createUser(app, { role: 'admin' });
  await fund(app, victim.id, 50_000);
  const redis = workerRedis(trading.prefix);
  try {
    for (const symbol of ['BTC', 'ETH', 'SOL']) {
      await writeMarket(redis, symbol, {
        tick: makeTick(symbol, 50_000),
        stats: makeStats(symbol),
        book: makeBook(symbol, 50_000),
      });
    }
  } finally {
    redis.disconnect();
  }
  const topup = await requestTopup(app, victim.token, '500');
  const key = await createKey(app, { maxUses: 3 });
  const placed = await app.inject({
    method: 'POST',
    url: '/api/trades',
    headers: { ...auth(victim.token), 'idempotency-key': newKey() },
    payload: {
      amount: 100,
      settingId: trading.settings.s60,
      symbol: 'BTC',
      direction: 'up',
      account: 'real',
    },
  });
  const withdrawal = await app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: auth(victim.token),
    payload: {
      amount: 100,
      method: 'bank',
      accountHolderName: 'Victim',
      bankAccountNumber: '123456789012',
      bankName: 'Bank',
      ifscCode: 'SBIN0001234',
    },
  });
  ids.push(victim.id, victimAdmin.id, topup.id, key.id, '00000000-0000-4000-8000-000000000000');
  if (placed.statusCode === 201) ids.push(placed.json().trade.id);
  if (withdrawal.statusCode === 201) ids.push(withdrawal.json().withdrawal.id);
}, 60_000);

afterAll(async () => {
  await trading?.close();
});

describe('every route, fed malformed input', () => {
  it('answers each request below 500, and the ledger still balances', async () => {
    const operations = operationsOf(app.swagger() as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      let last = '';
      const result = await fc.check(
        fc.asyncProperty(requestOf(operation), async (pending) => {
          const request = await pending;
          last = describeRequest(operation.method, request);
          const res = await app.inject({
            method: operation.method.toUpperCase() as 'GET',
            url: request.url,
            headers: request.headers,
            payload: request.payload,
          });
          if (res.statusCode === 401 && request.caller !== 'nobody' && request.caller !== 'forged') {
            await refreshToken(request.caller);
          }
          if (res.statusCode >= 500) {
            last = `${last}\n  -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            return false;
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
      if (result.failed) {
        const error = result.errorInstance ? ` (${String(result.errorInstance).slice(0, 300)})` : '';
        failures.push(`${operation.method.toUpperCase()} ${operation.path}: ${last}${error}`);
      }
    }
    expect(failures, `FUZZ_SEED=${SEED} replays this run`).toEqual([]);
    expect(await checkLedgerInvariants(app.db)).toEqual([]);
  }, 120_000);
});
