import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.ts';

/** The installable app's files: media types and cache rules the browser depends on. */
describe('web build: service worker, manifest and cache rules', () => {
  let dir: string;
  let web: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-pwa-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'icons'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(join(dir, 'offline.html'), '<!doctype html><title>offline</title>');
    writeFileSync(join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"CoinPulse"}');
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    web = await buildTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the service worker as JavaScript that browsers revalidate on every visit', async () => {
    const res = await web.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest with its own media type', async () => {
    const res = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'CoinPulse' });
  });

  it('keeps hashed bundles for a year, revalidates the pages, icons after a day', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/offline.html', '/home', '/orders?page=2']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await web.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('API answers carry none of the static cache rules', async () => {
    const res = await web.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/max-age=(31536000|86400)|immutable/);
  });
});

/** The build's precompressed copies: chosen by Accept-Encoding, never made on a request. */
describe('web build: precompressed delivery and source maps', () => {
  let dir: string;
  let web: FastifyInstance;
  const script = `export const price = ${'1234.5, '.repeat(200)}0;\n`;
  const shell = `<!doctype html><title>app</title><div id="root"></div>${'<!-- pad -->'.repeat(100)}`;

  /** A file and the .br and .gz copies the build writes beside it. */
  function writeWithCopies(path: string, text: string) {
    writeFileSync(path, text);
    writeFileSync(`${path}.br`, brotliCompressSync(text));
    writeFileSync(`${path}.gz`, gzipSync(text));
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-compressed-'));
    mkdirSync(join(dir, 'assets'));
    writeWithCopies(join(dir, 'index.html'), shell);
    writeWithCopies(join(dir, 'assets', 'trade-Xy12Ab.js'), script);
    writeFileSync(join(dir, 'assets', 'trade-Xy12Ab.js.map'), '{"version":3,"sources":["secret.ts"]}');
    web = await buildTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    web.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed bundle as brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/trade-Xy12Ab.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get('/assets/trade-Xy12Ab.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself when no encoding is accepted', async () => {
    const res = await get('/assets/trade-Xy12Ab.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(script);
  });

  it('sends the shell compressed and never cached, at / and at a page path', async () => {
    for (const url of ['/', '/index.html', '/trade/BTC-INR', '/assets/records', '/assets/topup']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('answers 404 for a source map, though the file is on disk', async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      const res = await get('/assets/trade-Xy12Ab.js.map', encoding);
      expect(res.statusCode, encoding).toBe(404);
      expect(res.body, encoding).not.toContain('secret.ts');
    }
  });

  it('answers 404, not the shell, for a bundle that is not there', async () => {
    const res = await get('/assets/trade-Old000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
