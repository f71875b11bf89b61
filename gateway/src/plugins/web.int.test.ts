import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
