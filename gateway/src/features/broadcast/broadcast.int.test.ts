import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { auditLog, notifications } from '@app/db';
import { type BroadcastJob, type BroadcastJobData, MSG, type Notification } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { auth, buildIsolatedApp, createUser, suffix, type TestUser } from '../../test/helpers.ts';
import { type ClientSocket, connected, listen, next } from '../../test/socket-client.ts';

/**
 * On a database of its own (audiences 'all' and 'role' count every account) with the request's
 * limit set to 5 recipients (BROADCAST_SYNC_MAX), so a send to everyone goes through a BullMQ
 * job run by a real workers process on the same database and Redis prefix.
 */
const SYNC_MAX = 5;
const redisPrefix = `${inject('redisPrefix')}bc-${suffix()}:`;

let app: FastifyInstance;
let close: () => Promise<void>;
let url: string;
let databaseUrl: string;
let workers: ChildProcess | undefined;
let workersOutput = '';
let admin: TestUser;
let superadmin: TestUser;
let plain: TestUser[];
const sockets: ClientSocket[] = [];

function startWorkers(): Promise<void> {
  const main = fileURLToPath(new URL('../../../../workers/src/main.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, main], {
    env: {
      PATH: process.env.PATH ?? '',
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: redisPrefix,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      MARKET_ENABLED: 'false',
      SETTLEMENT_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers = child;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      workersOutput += chunk.toString();
      if (workersOutput.includes('"workers ready"')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      workersOutput += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`workers exited (${code}):\n${workersOutput}`)));
  });
}

beforeAll(async () => {
  ({ app, close, databaseUrl } = await buildIsolatedApp({ redisPrefix, broadcastSyncMax: SYNC_MAX }));
  url = await listen(app);
  admin = await createUser(app, { role: 'admin' });
  superadmin = await createUser(app, { role: 'superadmin' });
  plain = [];
  for (let i = 0; i < 4; i++) plain.push(await createUser(app));
  await startWorkers();
});

afterAll(async () => {
  for (const s of sockets) s.close();
  if (workers && workers.exitCode === null) {
    const exited = new Promise((resolve) => workers?.once('exit', resolve));
    workers.kill('SIGTERM');
    await exited;
  }
  await close?.();
});

const send = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/notifications',
    headers: auth(token),
    payload: payload as object,
  });
const jobOf = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/admin/notifications/jobs/${id}`, headers: auth(token) });
const notificationsOf = (userId: string) =>
  app.db.select().from(notifications).where(eq(notifications.userId, userId));
const titled = (title: string) => app.db.select().from(notifications).where(eq(notifications.title, title));
const auditOf = (title: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'notification.send'), sql`${auditLog.after} ->> 'title' = ${title}`));
const message = (title = `t-${suffix()}`) => ({ type: 'system', title, body: 'Hello', data: '' });

async function socketOf(
  user: TestUser,
): Promise<{ received: Array<{ notification: Notification; unread: number }> }> {
  const socket = await connected(url, user.token);
  sockets.push(socket);
  const received: Array<{ notification: Notification; unread: number }> = [];
  socket.on('notification', (payload) => received.push(payload));
  return { received };
}

describe('POST /api/admin/notifications: audiences', () => {
  it('user: one username, email or id, written at once, audited, and pushed live with the unread count', async () => {
    const target = plain[0] as TestUser;
    const socket = await connected(url, target.token);
    sockets.push(socket);
    const before = (await notificationsOf(target.id)).filter((n) => n.readAt === null).length;

    const title = `Maintenance ${suffix()}`;
    const live = next(socket, 'notification');
    const res = await send(admin.token, {
      audience: 'user',
      user: target.username.toUpperCase(),
      type: 'system',
      title,
      body: 'We are down at 2am.',
      data: '{"url":"/announcements"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recipients: 1, created: 1 });

    const pushed = await live;
    expect(pushed.notification).toMatchObject({
      title,
      body: 'We are down at 2am.',
      type: 'system',
      read: false,
    });
    expect(pushed.notification.data).toMatchObject({ url: '/announcements' });
    expect(pushed.unread).toBe(before + 1);

    const [row] = await titled(title);
    expect(row?.userId).toBe(target.id);
    const [entry] = await auditOf(title);
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'notification' });
    expect(entry?.after).toMatchObject({ audience: 'user', recipients: 1, created: 1, type: 'system' });

    for (const who of [target.email, target.id]) {
      const again = await send(admin.token, { ...message(), audience: 'user', user: who });
      expect(again.json()).toEqual({ recipients: 1, created: 1 });
    }
    // The spec's field name for the single user.
    const bySpec = message();
    const spec = await send(admin.token, { ...bySpec, audience: 'user', userId: target.id });
    expect(spec.json()).toEqual({ recipients: 1, created: 1 });
    expect((await titled(bySpec.title)).map((n) => n.userId)).toEqual([target.id]);
  });

  it('userIds and emails: lists split on white space, commas, semicolons and newlines', async () => {
    const [a, b, c] = plain as [TestUser, TestUser, TestUser];
    const byIds = message();
    const res = await send(admin.token, {
      ...byIds,
      audience: 'userIds',
      userIds: `${a.id}, ${b.id};\n${c.id}\t${a.id}`,
    });
    expect(res.json()).toEqual({ recipients: 3, created: 3 });
    expect((await titled(byIds.title)).map((n) => n.userId).sort()).toEqual([a.id, b.id, c.id].sort());

    const byEmails = message();
    const res2 = await send(admin.token, {
      ...byEmails,
      audience: 'emails',
      emails: `${a.email.toUpperCase()};${b.email}\n\n nobody-${suffix()}@example.com`,
    });
    expect(res2.json()).toEqual({ recipients: 2, created: 2 });
    expect((await titled(byEmails.title)).map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it('role and all: a plain admin reaches user accounts only; a superadmin reaches every role', async () => {
    const toUsers = message();
    expect((await send(admin.token, { ...toUsers, audience: 'role', role: 'user' })).json()).toEqual({
      recipients: 4,
      created: 4,
    });
    // 'all' from a plain admin: the four user accounts (at most SYNC_MAX, so at once).
    const toAll = message();
    expect((await send(admin.token, { ...toAll, audience: 'all' })).json()).toEqual({
      recipients: 4,
      created: 4,
    });
    expect((await titled(toAll.title)).every((n) => plain.some((p) => p.id === n.userId))).toBe(true);

    for (const role of ['admin', 'superadmin']) {
      const refused = await send(admin.token, { ...message(), audience: 'role', role });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.broadcastAdminRoleForbidden);
    }
    // Admin accounts named in a list count as unknown to a plain admin.
    const mixed = await send(admin.token, {
      ...message(),
      audience: 'userIds',
      userIds: `${superadmin.id} ${plain[1]?.id}`,
    });
    expect(mixed.json()).toEqual({ recipients: 1, created: 1 });
    const onlyAdmins = await send(admin.token, {
      ...message(),
      audience: 'emails',
      emails: superadmin.email,
    });
    expect(onlyAdmins.statusCode).toBe(400);
    expect(onlyAdmins.json().message).toBe(MSG.broadcastNoRecipients);

    const toAdmins = message();
    expect((await send(superadmin.token, { ...toAdmins, audience: 'role', role: 'admin' })).json()).toEqual({
      recipients: 1,
      created: 1,
    });
    expect((await titled(toAdmins.title))[0]?.userId).toBe(admin.id);
  });

  it('users and signed-out callers cannot send', async () => {
    const asUser = await send((plain[0] as TestUser).token, { ...message(), audience: 'all' });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      payload: message(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/admin/notifications: validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no title', { title: '  ' }, MSG.titleRequired],
    ['data that is not JSON', { data: '{oops' }, MSG.invalidJson],
    ['data that is JSON but not an object', { data: '[1,2]' }, MSG.invalidJson],
    ['a credit notice', { type: 'credit' }, MSG.broadcastCreditRefused],
    ['audience user without a user', { audience: 'user', user: ' ' }, MSG.broadcastUserRequired],
    [
      'audience user with a userId that is no id',
      { audience: 'user', userId: 'bob' },
      MSG.broadcastUserIdInvalid,
    ],
    [
      'audience user with two different recipients',
      { audience: 'user', user: 'bob', userId: '7d1f6a52-3c1e-4b8e-9a51-0d6f2e1c9b10' },
      MSG.invalidInput,
    ],
    ['userIds without an entry', { audience: 'userIds', userIds: ' ,; \n' }, MSG.broadcastListRequired],
    [
      'userIds with an entry that is no id',
      { audience: 'userIds', userIds: 'abc' },
      MSG.broadcastUserIdInvalid,
    ],
    ['emails without an entry', { audience: 'emails', emails: '' }, MSG.broadcastListRequired],
    [
      'emails with an invalid one',
      { audience: 'emails', emails: 'a@example.com, nope' },
      MSG.adminEmailInvalid,
    ],
    ['role without a role', { audience: 'role' }, MSG.broadcastRoleRequired],
    ['an unknown audience', { audience: 'everyone' }, MSG.invalidInput],
  ];
  it.each(cases)('refuses %s with its message and writes nothing', async (_name, change, expected) => {
    const body = { ...message(), audience: 'all', ...change };
    const res = await send(admin.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(expected);
    if (typeof body.title === 'string' && body.title.trim()) expect(await titled(body.title)).toHaveLength(0);
  });

  it('refuses fields it does not know, and an audience that names nobody', async () => {
    const unknown = await send(admin.token, { ...message(), audience: 'all', recipient: plain[0]?.id });
    expect(unknown.statusCode).toBe(400);
    const nobody = await send(admin.token, { ...message(), audience: 'user', user: `ghost_${suffix()}` });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe(MSG.broadcastNoRecipients);
  });

  it('empty data means {}', async () => {
    const m = message();
    await send(admin.token, { ...m, audience: 'user', user: plain[0]?.username, data: '   ' });
    const [row] = await titled(m.title);
    expect(Object.keys(row?.data ?? {})).toEqual(['broadcastId']);
  });
});

describe('above BROADCAST_SYNC_MAX: a workers job', () => {
  it('answers 202 with the job, which creates every notification, pushes them live and reports its progress', async () => {
    const live = await socketOf(plain[3] as TestUser);
    const m = message(`Everyone ${suffix()}`);
    const res = await send(superadmin.token, { ...m, audience: 'all', type: 'withdrawal', data: '{"k":1}' });
    expect(res.statusCode).toBe(202);
    const { recipients, jobId } = res.json() as { recipients: number; jobId: string };
    expect(recipients).toBe(6);
    expect(jobId).toMatch(/^broadcast-/);

    const done = await vi.waitFor(
      async () => {
        const job = (await jobOf(admin.token, jobId)).json() as BroadcastJob;
        if (job.state !== 'completed') throw new Error(`job ${job.state}\n${workersOutput}`);
        return job;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(done).toEqual({ jobId, state: 'completed', recipients: 6, processed: 6, created: 6 });

    const rows = await titled(m.title);
    expect(rows.map((r) => r.userId).sort()).toEqual([admin, superadmin, ...plain].map((u) => u.id).sort());
    expect(rows.every((r) => r.type === 'withdrawal' && r.data.k === 1)).toBe(true);
    await vi.waitFor(() => expect(live.received.some((p) => p.notification.title === m.title)).toBe(true));

    const [entry] = await auditOf(m.title);
    expect(entry?.after).toMatchObject({ audience: 'all', recipients: 6, jobId });
    expect(entry?.after).not.toHaveProperty('userIds');

    // The same broadcast run again (a retry after its commit) creates nothing.
    const job = await app.queues.maintenance.getJob(jobId);
    const rerunId = `broadcast-${crypto.randomUUID()}`;
    await app.queues.maintenance.add('broadcast', job?.data as BroadcastJobData, { jobId: rerunId });
    const rerun = await vi.waitFor(
      async () => {
        const j = (await jobOf(admin.token, rerunId)).json() as BroadcastJob;
        if (j.state !== 'completed') throw new Error(`rerun ${j.state}`);
        return j;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(rerun).toMatchObject({ processed: 6, created: 0 });
    expect(await titled(m.title)).toHaveLength(6);
  });

  it('GET /api/admin/notifications/jobs/{id}: unknown or malformed ids are 404, users 403', async () => {
    expect((await jobOf(admin.token, `broadcast-${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await jobOf(admin.token, 'heartbeat')).statusCode).toBe(404);
    expect((await jobOf((plain[0] as TestUser).token, `broadcast-${crypto.randomUUID()}`)).statusCode).toBe(
      403,
    );
  });
});
