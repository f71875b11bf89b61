import fs, { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  gatewayLoggerOptions,
  LINES_WAIT_MS,
  lineDestination,
  loggableUrl,
  prettyLogs,
  requestLineWriter,
  requestLogController,
  requestLoggerFactory,
} from './logger.ts';

describe('loggableUrl', () => {
  it('keeps a plain path and its ordinary query', () => {
    expect(loggableUrl('/api/trades/my?page=2&limit=20')).toBe('/api/trades/my?page=2&limit=20');
    expect(loggableUrl('/api/site')).toBe('/api/site');
  });

  it('censors credentials, searches and emails in the query', () => {
    expect(loggableUrl('/x?token=abc.def&page=1')).toBe('/x?token=[REDACTED]&page=1');
    expect(loggableUrl('/x?access_token=1&password=2&apiKey=3')).toBe(
      '/x?access_token=[REDACTED]&password=[REDACTED]&apiKey=[REDACTED]',
    );
    expect(loggableUrl('/api/admin/users?search=123456789012&page=1')).toBe(
      '/api/admin/users?search=[REDACTED]&page=1',
    );
    expect(loggableUrl('/x?q=someone&note=a@b.co')).toBe('/x?q=[REDACTED]&note=[REDACTED]');
    expect(loggableUrl('/x?pass%77ord=1')).toBe('/x?pass%77ord=[REDACTED]');
  });

  it('censors an email in the path', () => {
    expect(loggableUrl('/api/users/by-email/me@example.com')).toBe('/api/users/by-email/[REDACTED]');
  });
});

describe('loggableUrl, encoded', () => {
  it('censors an encoded email and a bare email parameter', () => {
    expect(loggableUrl('/x?note=me%40example.com&page=3')).toBe('/x?note=[REDACTED]&page=3');
    expect(loggableUrl('/x?me@example.com')).toBe('/x?[REDACTED]');
  });
});

describe('loggableUrl, addresses', () => {
  it('censors only an @ with address characters on both sides', () => {
    expect(loggableUrl('/x?note=a@b')).toBe('/x?note=[REDACTED]');
    expect(loggableUrl('/x?note=@handle&tag=end@')).toBe('/x?note=@handle&tag=end@');
    expect(loggableUrl('/x?note=one%20@%20two')).toBe('/x?note=one%20@%20two');
    expect(loggableUrl('/x?note=@@b@@c@d')).toBe('/x?note=[REDACTED]');
  });

  it('reads a long value without an address and keeps it', () => {
    const long = 'a'.repeat(100_000);
    expect(loggableUrl(`/x?note=${long}`)).toBe(`/x?note=${long}`);
    expect(loggableUrl(`/x?note=${long}@b`)).toBe('/x?note=[REDACTED]');
  });
});

describe('the gateway logger', () => {
  /** A Fastify app logging as the gateway does, into `lines`. */
  async function app() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const fastify = Fastify({
      logger: gatewayLoggerOptions('info', stream),
      logController: requestLogController(),
      childLoggerFactory: requestLoggerFactory,
    });
    fastify.get('/echo', async (request) => {
      request.log.info({ user: { password: 'hunter2', email: 'me@example.com' } }, 'handled');
      return { ok: true };
    });
    fastify.get('/quiet', { logLevel: 'warn' }, async (request) => {
      request.log.info('not written');
      request.log.warn('written');
      return { ok: true };
    });
    await fastify.ready();
    return { fastify, lines };
  }

  it('writes one line per request, with the URL censored, and still redacts what a route logs', async () => {
    const { fastify, lines } = await app();
    try {
      const res = await fastify.inject({ method: 'GET', url: '/echo?token=abc&page=2' });
      expect(res.statusCode).toBe(200);
      await fastify.inject({ method: 'GET', url: '/nowhere' });
    } finally {
      await fastify.close();
    }
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/echo?token=[REDACTED]&page=2', statusCode: 200 }),
      expect.objectContaining({ method: 'GET', url: '/nowhere', statusCode: 404 }),
    ]);
    for (const line of requests) expect(line.reqId).toEqual(expect.any(String));
    const handled = lines.find((l) => l.msg === 'handled');
    expect(handled?.user).toEqual({ password: '[REDACTED]', email: '[REDACTED]' });
    expect(handled?.reqId).toBe(requests[0]?.reqId);
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|me@example\.com|token=abc/);
  });

  it("keeps a route's log level in its request's logger", async () => {
    const { fastify, lines } = await app();
    try {
      await fastify.inject({ method: 'GET', url: '/quiet' });
    } finally {
      await fastify.close();
    }
    expect(lines.some((l) => l.msg === 'not written')).toBe(false);
    const written = lines.find((l) => l.msg === 'written');
    expect(written).toEqual(expect.objectContaining({ reqId: expect.any(String) }));
  });

  it('formats for a person only at a terminal, unless told', () => {
    expect(prettyLogs('auto', true)).toBe(true);
    expect(prettyLogs('auto', false)).toBe(false);
    expect(prettyLogs('json', true)).toBe(false);
    expect(prettyLogs('pretty', false)).toBe(true);
  });
});

describe('lineDestination', () => {
  // The destination owns the descriptor: destroying it closes it.
  const closed = (dest: ReturnType<typeof lineDestination>) =>
    new Promise((resolve) => {
      dest.once('close', resolve);
      dest.destroy();
    });
  const line = `${JSON.stringify({ level: 30, msg: 'request', url: '/api/site'.padEnd(150, 'x') })}\n`;

  it('writes lines that come one at a time in a few writes, every line kept and in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lines-'));
    const fd = openSync(join(dir, 'out.log'), 'w');
    const writes = vi.spyOn(fs, 'write');
    try {
      const dest = lineDestination(fd);
      const count = 100;
      const started = performance.now();
      // One line per turn of the event loop, as requests come: each write would end between two.
      for (let i = 0; i < count; i++) {
        dest.write(line.replace('request', `request ${i}`));
        await new Promise((r) => setTimeout(r, 1));
      }
      const elapsed = performance.now() - started;
      await vi.waitFor(() =>
        expect(readFileSync(join(dir, 'out.log'), 'utf8').split('\n')).toHaveLength(count + 1),
      );
      const written = readFileSync(join(dir, 'out.log'), 'utf8').split('\n');
      expect(written.slice(0, count).map((l) => JSON.parse(l).msg)).toEqual(
        Array.from({ length: count }, (_, i) => `request ${i}`),
      );
      // A write per LINES_WAIT_BYTES gathered, and at most one per LINES_WAIT_MS besides.
      const bound = Math.ceil((count * line.length) / 3072) + Math.ceil(elapsed / LINES_WAIT_MS) + 2;
      expect(writes.mock.calls.length).toBeLessThanOrEqual(bound);
      expect(writes.mock.calls.length).toBeLessThan(count / 4);
      await closed(dest);
    } finally {
      writes.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a lone line without waiting for more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lines-'));
    const fd = openSync(join(dir, 'out.log'), 'w');
    try {
      const dest = lineDestination(fd);
      dest.write(line);
      await vi.waitFor(() => expect(readFileSync(join(dir, 'out.log'), 'utf8')).toBe(line), {
        timeout: 5000,
      });
      await closed(dest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('requestLineWriter', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, stream: { write: (line: string) => lines.push(line) } };
  };

  it("writes the line pino writes for the same fields: same keys in the same order, escaped as pino's", () => {
    const { lines, stream } = capture();
    const logger = pino({ level: 'info', name: 'gateway' }, stream);
    const fields = {
      reqId: 'id-1',
      method: 'GET',
      url: '/x?note="a\\b"\u2028',
      statusCode: 404,
      responseTime: 0.3,
    };
    requestLineWriter(logger)(
      fields.reqId,
      fields.method,
      fields.url,
      fields.statusCode,
      fields.responseTime,
    );
    logger.info(fields, 'request');
    const [ours, theirs] = lines.map((line) => {
      expect(line.endsWith('}\n')).toBe(true);
      const { time, ...rest } = JSON.parse(line);
      expect(typeof time).toBe('number');
      return Object.entries(rest);
    });
    expect(ours).toEqual(theirs);
    expect(theirs?.map(([k]) => k)).toEqual([
      'level',
      'pid',
      'hostname',
      'name',
      'reqId',
      'method',
      'url',
      'statusCode',
      'responseTime',
      'msg',
    ]);
  });

  it("writes nothing when the logger's level is above info", () => {
    const { lines, stream } = capture();
    const logger = pino({ level: 'warn' }, stream);
    requestLineWriter(logger)('id-1', 'GET', '/api/site', 200, 1);
    expect(lines).toEqual([]);
    logger.level = 'info';
    requestLineWriter(logger)('id-2', 'GET', '/api/site', 200, 1);
    expect(lines).toHaveLength(1);
  });
});
