import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './lib/e2e.ts';
import { startEmbedded } from './lib/postgres.ts';
import { deleteRedisPrefix, freePort, redactUrl, startLocalRedis, urlReachable } from './lib/services.ts';

/**
 * Once per `vitest run`, only for what the selected projects need (vitest.config.ts): unit
 * projects get nothing; integration and e2e get a fresh migrated database and a Redis key
 * prefix of their own, so runs never collide; e2e also needs Chromium, checked first.
 *
 * PostgreSQL from TEST_DATABASE_URL (default: the local server), else an embedded server;
 * Redis from TEST_REDIS_URL (default: the local server), else a private redis-server.
 */
export default async function setup(project: TestProject) {
  const names = project.vitest.projects.map((p) => p.name);
  if (names.includes('e2e') && !existsSync(CHROMIUM)) {
    // Said plainly and at once: a thrown error would come after vitest's own report of the run.
    console.error(
      `\nThe end-to-end tests need Chromium at ${CHROMIUM} (or set CHROMIUM_PATH). Install it with:\n\n  apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  if (names.every((name) => name.startsWith('unit:'))) return;

  const cleanups: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const adminUrl = await postgresFor(cleanups);
    const database = await createTestDatabase(adminUrl);
    cleanups.push(() => database.drop());

    const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
    const redisUrl = await redisFor(cleanups, redisPrefix);

    project.provide('databaseUrl', database.url);
    project.provide('adminDatabaseUrl', adminUrl);
    project.provide('redisUrl', redisUrl);
    project.provide('redisPrefix', redisPrefix);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

/** The admin URL of a server where the run may create databases. */
async function postgresFor(cleanups: Array<() => Promise<void> | void>): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
  if (await urlReachable(adminUrl)) return adminUrl;
  const dataDir = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  console.log(
    `No PostgreSQL answers at ${redactUrl(adminUrl)}: starting an embedded server on port ${port}.`,
  );
  const embedded = await startEmbedded(dataDir, port);
  cleanups.push(() => embedded.stop());
  const url = new URL(embedded.url);
  url.pathname = '/postgres';
  return url.toString();
}

async function redisFor(cleanups: Array<() => Promise<void> | void>, prefix: string): Promise<string> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await urlReachable(url)) {
    // Queues, schedulers and caches the run left under its prefix (a failed cleanup only leaves garbage).
    cleanups.push(async () => {
      await deleteRedisPrefix(url, prefix).catch(() => 0);
    });
    return url;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'test-redis-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  console.log(`No Redis answers at ${redactUrl(url)}: starting a redis-server.`);
  const started = await startLocalRedis(dataDir, { setting: 'TEST_REDIS_URL' });
  cleanups.push(async () => {
    started.stop();
    await Promise.race([started.exited, new Promise((r) => setTimeout(r, 5_000).unref())]);
    if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
  });
  return started.url;
}
