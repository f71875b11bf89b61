/**
 * Two gateway processes behind the load balancer of docker-compose: `ops/nginx/nginx.conf` as
 * it is in the repository, run by this machine's nginx (Debian's package; .ci/run installs it),
 * with only the upstream addresses and the listening port replaced by the test's. The gateways
 * run as `pnpm start` runs them (their bundle), on one database and one Redis prefix.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, seed, twoFactor, users } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { userEventMessages, userEventsChannel } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { signToken, stopChild } from './bench/common.ts';
import { buildServers, serverCommand } from './lib/servers.ts';
import { freePort } from './lib/services.ts';
import { clientOf, closeClients, openSocketsAt } from './lib/test-sockets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const WAIT = { timeout: 30_000, interval: 100 };

type Gateway = { name: string; url: string; child: ChildProcess };

/**
 * The repository's nginx configuration with the test's addresses: its one `server gateway:3000`
 * line (every replica, through Docker's DNS) becomes a line per gateway of the test.
 */
function nginxConfig(listen: number, upstreams: readonly number[]): string {
  const template = readFileSync(join(ROOT, 'ops/nginx/nginx.conf'), 'utf8');
  const replaced = template
    .replace(/^(\s*)server gateway:3000\b([^;]*);/m, (_, lead: string, params: string) =>
      upstreams.map((port) => `${lead}server 127.0.0.1:${port}${params};`).join('\n'),
    )
    .replace(/^(\s*)listen 80;/m, (_, lead: string) => `${lead}listen 127.0.0.1:${listen};`);
  // A template edit that drops a name would leave the test's nginx pointing at nothing.
  expect(replaced).not.toMatch(/^\s*(server gateway:|listen 80;)/m);
  return replaced;
}

/** Any HTTP answer from /api/health (without workers it reports them degraded). */
async function answers(url: string): Promise<void> {
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
  await res.body?.cancel();
}

let dir: string;
let nginx: ChildProcess | undefined;
let nginxOutput = '';
const gateways: Gateway[] = [];
let lb: string;
let publisher: Redis;
let prefix: string;
let dropDatabase: (() => Promise<void>) | undefined;
let user: { id: string; token: string };
let admin: { token: string };
/** Logs out everywhere in one test: a user of its own. */
let leaver: { token: string };

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run does)`);
  dir = mkdtempSync(join(tmpdir(), 'lb-test-'));
  const [database] = await Promise.all([
    createTestDatabase(inject('adminDatabaseUrl')),
    buildServers(['gateway']),
  ]);
  dropDatabase = database.drop;
  const secret = randomBytes(32).toString('hex');
  const { db, close } = createDb(database.url);
  try {
    await seed(db, {});
    const tag = randomBytes(3).toString('hex');
    const rows = await db
      .insert(users)
      .values(
        (['user', 'admin', 'user'] as const).map((role, i) => ({
          firstName: 'Balanced',
          lastName: role,
          username: `lb_${role}${i}_${tag}`,
          email: `lb-${role}${i}-${tag}@example.com`,
          passwordHash: 'unused',
          role,
        })),
      )
      .returning({ id: users.id, role: users.role, tokenVersion: users.tokenVersion });
    const [u, a, l] = rows;
    if (!u || !a || !l) throw new Error('no user rows');
    user = { id: u.id, token: signToken(secret, u.id, u.tokenVersion) };
    leaver = { token: signToken(secret, l.id, l.tokenVersion) };
    admin = { token: signToken(secret, a.id, a.tokenVersion, 'admin') };
    // Staff routes want two-factor sign-in set up; the token above is signed without a sign-in.
    await db.insert(twoFactor).values({ userId: a.id, secret: 'not used', enabledAt: new Date() });
  } finally {
    await close();
  }

  prefix = `${inject('redisPrefix')}lb-${randomBytes(3).toString('hex')}:`;
  publisher = new Redis(inject('redisUrl'), { disableClientInfo: true });
  const ports = [await freePort(), await freePort()] as const;
  // The test runner's own variables (NODE_ENV=test, VITEST_*) are not the gateways'.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('VITEST') && !k.startsWith('TEST_') && k !== 'NODE_ENV',
    ),
  );
  for (const [i, port] of ports.entries()) {
    const child = spawn(process.execPath, serverCommand('gateway'), {
      cwd: ROOT,
      env: {
        ...inherited,
        DATABASE_URL: database.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: prefix,
        JWT_SECRET: secret,
        PORT: String(port),
        HOST: '127.0.0.1',
        // nginx connects from loopback and appends the client's address (docker-compose: 1 hop).
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        WEB_DIST: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    gateways.push({ name: i === 0 ? 'A' : 'B', url: `http://127.0.0.1:${port}`, child });
  }
  await vi.waitFor(() => Promise.all(gateways.map((g) => answers(g.url))), {
    timeout: 60_000,
    interval: 200,
  });

  const listen = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(listen, ports));
  nginx = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', `daemon off; pid ${dir}/nginx.pid;`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [nginx.stdout, nginx.stderr])
    stream?.on('data', (chunk: Buffer) => {
      nginxOutput += chunk.toString();
    });
  lb = `http://127.0.0.1:${listen}`;
  await vi.waitFor(
    async () => {
      if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${nginxOutput}`);
      await answers(lb);
    },
    { timeout: 30_000, interval: 100 },
  );
}, 120_000);

afterAll(async () => {
  closeClients();
  if (nginx) await stopChild(nginx);
  await Promise.all(gateways.map((g) => stopChild(g.child)));
  publisher?.disconnect();
  await dropDatabase?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A `trade:settled` for `userId`, published as settlement in the workers publishes it. */
async function publishSettled(userId: string, tradeId: string) {
  const data = { id: tradeId, status: 'won' } as never;
  for (const message of userEventMessages([{ userId, event: 'trade:settled', data }])) {
    await publisher.publish(userEventsChannel(prefix), message);
  }
}

/** Which gateway holds the load balancer's clients (they all come from 127.0.0.1), and the other. */
async function holderAndOther(expected: number): Promise<[Gateway, Gateway]> {
  let pair: [Gateway, Gateway] | undefined;
  await vi.waitFor(async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const [na, nb] = await Promise.all([openSocketsAt(a.url), openSocketsAt(b.url)]);
    if (na >= expected && nb === 0) pair = [a, b];
    else if (nb >= expected && na === 0) pair = [b, a];
    else throw new Error(`sockets open: A ${na}, B ${nb}`);
  }, WAIT);
  return pair as [Gateway, Gateway];
}

describe('two gateways behind the nginx of docker-compose', () => {
  it("delivers to a user on one gateway a settlement published by the workers and an admin's notification sent through the other", async () => {
    const c = clientOf(lb, { token: user.token, transports: ['websocket'] });
    await vi.waitFor(() => expect(c.since(1, 'feed:status')).toHaveLength(1), WAIT);
    const [, other] = await holderAndOther(1);

    await publishSettled(user.id, 'trade-1');
    await vi.waitFor(
      () =>
        expect(c.since(1, 'trade:settled').map((e) => e.payload)).toEqual([{ id: 'trade-1', status: 'won' }]),
      WAIT,
    );

    const title = `Across gateways ${randomBytes(3).toString('hex')}`;
    const res = await fetch(`${other.url}/api/admin/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ audience: 'user', user: user.id, type: 'system', title, body: 'Hello' }),
    });
    expect({ status: res.status, body: await res.text() }).toMatchObject({ status: 200 });
    await vi.waitFor(
      () =>
        expect(
          c
            .since(1, 'notification')
            .map((e) => (e.payload as { notification: { title: string } }).notification.title),
        ).toEqual([title]),
      WAIT,
    );
    c.socket.close();
  });

  it('keeps a polling session on one gateway (stickiness), and upgrades to websocket through it', async () => {
    const polling = clientOf(lb, { token: user.token, transports: ['polling'] });
    await vi.waitFor(() => expect(polling.since(1, 'feed:status')).toHaveLength(1), WAIT);
    // Several long-poll round trips later the session is still the one it opened.
    await publishSettled(user.id, 'trade-2');
    await publishSettled(user.id, 'trade-3');
    await vi.waitFor(
      () =>
        expect(polling.since(1, 'trade:settled').map((e) => (e.payload as { id: string }).id)).toEqual([
          'trade-2',
          'trade-3',
        ]),
      WAIT,
    );
    expect(polling.connects()).toBe(1);
    expect(polling.disconnects()).toBe(0);

    const upgrading = clientOf(lb, { token: user.token });
    await vi.waitFor(() => expect(upgrading.socket.io.engine?.transport.name).toBe('websocket'), WAIT);
    expect(upgrading.connects()).toBe(1);
    polling.socket.close();
    upgrading.socket.close();
  });

  it('ends the sessions of a user on one gateway when they log out everywhere through the other (the Socket.IO Redis adapter)', async () => {
    const c = clientOf(lb, { token: leaver.token, transports: ['websocket'] });
    await vi.waitFor(() => expect(c.connects()).toBe(1), WAIT);
    const [, other] = await holderAndOther(1);
    const res = await fetch(`${other.url}/api/auth/logout-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leaver.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => {
      expect(c.events.map((e) => e.event)).toContain('session:ended');
      expect(c.disconnects()).toBe(1);
    }, WAIT);
  });

  it("SIGKILL of a gateway: its clients reconnect through nginx to the other and get a fresh snapshot; the other's connections are untouched", async () => {
    const ws = clientOf(lb, { token: user.token, transports: ['websocket'], reconnect: true });
    const polling = clientOf(lb, { token: user.token, transports: ['polling'], reconnect: true });
    for (const c of [ws, polling])
      await vi.waitFor(() => expect(c.since(1, 'feed:status')).toHaveLength(1), WAIT);
    const [holder, other] = await holderAndOther(2);
    const direct = clientOf(other.url, { token: user.token, transports: ['websocket'] });
    await vi.waitFor(() => expect(direct.connects()).toBe(1), WAIT);
    const directId = direct.socket.id;

    holder.child.kill('SIGKILL');
    for (const c of [ws, polling]) {
      await vi.waitFor(() => {
        expect(c.connects()).toBe(2);
        expect(c.since(2, 'feed:status')).toHaveLength(1);
      }, WAIT);
    }
    // Both now on the other gateway, beside the socket it already had, which never noticed.
    await vi.waitFor(async () => expect(await openSocketsAt(other.url)).toBe(3), WAIT);
    expect(direct.disconnects()).toBe(0);
    expect(direct.socket.id).toBe(directId);

    // User events follow them there.
    await publishSettled(user.id, 'trade-4');
    for (const c of [ws, polling, direct]) {
      await vi.waitFor(
        () =>
          expect(
            c.events.filter((e) => e.event === 'trade:settled').map((e) => (e.payload as { id: string }).id),
          ).toContain('trade-4'),
        WAIT,
      );
    }
  });
});
