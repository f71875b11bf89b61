import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseLength, runLoad } from './load.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('responseLength', () => {
  it('ends a response with a Content-Length after its body', () => {
    const head = 'HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\ncontent-length: 2\r\n\r\n';
    expect(responseLength(bytes(`${head}{`))).toBeUndefined();
    expect(responseLength(bytes(`${head}{}`))).toEqual({ status: 404, length: head.length + 2 });
  });

  it('ends a chunked response at its last chunk', () => {
    const head = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    const body = '3\r\nabc\r\n5\r\nhello\r\n0\r\n\r\n';
    expect(responseLength(bytes(`${head}${body.slice(0, -2)}`))).toBeUndefined();
    expect(responseLength(bytes(`${head}${body}`))).toEqual({
      status: 200,
      length: head.length + body.length,
    });
  });

  it('waits for the end of the headers', () => {
    expect(responseLength(bytes('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n'))).toBeUndefined();
  });
});

describe('runLoad', () => {
  const seen = new Set<string>();
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.add(req.socket.remoteAddress ?? '');
      res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers requests back to back from every local address it is given', async () => {
    const result = await runLoad({
      url,
      connections: 4,
      seconds: 0.3,
      addresses: ['127.0.0.2', '127.0.0.3'],
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.statuses).toEqual({ 200: result.requests });
    expect(result.errors).toBe(0);
    expect([...seen].sort()).toEqual(['127.0.0.2', '127.0.0.3']);
  });
});
