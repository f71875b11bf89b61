import { announcements, auditLog } from '@app/db';
import { type AdminAnnouncement, type Announcement, announcementsResponseSchema, MSG } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildIsolatedApp, createUser, type TestUser } from '../../test/helpers.ts';

// A database of its own: the public list is asserted whole, and other files write at the same time.
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: TestUser;
let superadmin: TestUser;
let user: TestUser;

beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp());
  [admin, superadmin, user] = await Promise.all([
    createUser(app, { role: 'admin' }),
    createUser(app, { role: 'superadmin' }),
    createUser(app),
  ]);
});
afterAll(async () => {
  await close();
});

const create = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/announcements',
    headers: auth(token),
    payload: payload as object,
  });
const edit = (token: string, id: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/announcements/${id}`,
    headers: auth(token),
    payload: payload as object,
  });
const remove = (token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/admin/announcements/${id}`, headers: auth(token) });
const adminList = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/announcements${query}`, headers: auth(token) });
const publicList = async (): Promise<Announcement[]> => {
  const res = await app.inject({ method: 'GET', url: '/api/announcements' });
  expect(res.statusCode).toBe(200);
  return announcementsResponseSchema.parse(res.json()).items;
};
const rowCount = async () => (await app.db.select().from(announcements)).length;
const auditRows = (action: string, id: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), eq(auditLog.targetType, 'announcement'), eq(auditLog.targetId, id)),
    );
const created = async (token: string, payload: Record<string, unknown>): Promise<AdminAnnouncement> => {
  const res = await create(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().announcement;
};

describe('the public list', () => {
  // Runs first: the page's built-in samples stand in for exactly this answer.
  it('is an empty list, not an error, while there are no announcements', async () => {
    expect(await publicList()).toEqual([]);
  });
});

describe('who may manage announcements', () => {
  it('answers 401 without a token and 403 to a user, before looking at the input; nothing is written', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET' as const, url: '/api/admin/announcements' },
      { method: 'POST' as const, url: '/api/admin/announcements', payload: { title: 'T', body: 'B' } },
      { method: 'POST' as const, url: '/api/admin/announcements', payload: { nonsense: 1 } },
      { method: 'PUT' as const, url: `/api/admin/announcements/${id}`, payload: { title: 'T', body: 'B' } },
      { method: 'DELETE' as const, url: `/api/admin/announcements/${id}` },
    ];
    for (const call of calls) {
      expect((await app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await app.inject({ ...call, headers: auth(user.token) })).statusCode).toBe(403);
    }
    expect(await rowCount()).toBe(0);
  });

  it('serves an admin and a superadmin alike', async () => {
    for (const who of [admin, superadmin]) {
      const a = await created(who.token, { title: `By ${who.role}`, body: 'Hello' });
      const list = await adminList(who.token);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((x: AdminAnnouncement) => x.id)).toContain(a.id);
      expect((await remove(who.token, a.id)).statusCode).toBe(200);
    }
    expect(await rowCount()).toBe(0);
  });
});

describe('validation', () => {
  it('refuses a missing, blank or too long title or body with the form messages; nothing is written', async () => {
    const cases: Array<[unknown, string]> = [
      [{ body: 'text' }, MSG.announcementTitleRequired],
      [{ title: '   ', body: 'text' }, MSG.announcementTitleRequired],
      [{ title: 'x'.repeat(121), body: 'text' }, MSG.announcementTitleTooLong],
      [{ title: 'Line\nbreak', body: 'text' }, MSG.textControlCharacters],
      [{ title: 'Title' }, MSG.announcementBodyRequired],
      [{ title: 'Title', body: ' \n ' }, MSG.announcementBodyRequired],
      [{ title: 'Title', body: 'y'.repeat(5001) }, MSG.announcementBodyTooLong],
      [{ title: 'Title', body: 'bell\u0007' }, MSG.textControlCharacters],
      [{ title: 'Title', body: 'text', published: 'yes' }, MSG.invalidInput],
      [{ title: 'Title', body: 'text', createdAt: '2020-01-01' }, MSG.announcementFieldUnknown],
    ];
    for (const [payload, message] of cases) {
      const res = await create(admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await rowCount()).toBe(0);
  });

  it('keeps a multi-line body, trims both fields, and takes the longest allowed', async () => {
    const a = await created(admin.token, { title: `  ${'T'.repeat(120)}  `, body: '  Line one\nLine two  ' });
    expect(a.title).toBe('T'.repeat(120));
    expect(a.body).toBe('Line one\nLine two');
    expect(a.published).toBe(true);
    const edited = await edit(admin.token, a.id, { title: 'Short', body: 'z'.repeat(5000) });
    expect(edited.statusCode).toBe(200);
    expect((await remove(admin.token, a.id)).statusCode).toBe(200);
  });

  it('answers 404 to an edit or delete of an id that names nothing, or is not an id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      expect((await edit(admin.token, id, { title: 'T', body: 'B' })).statusCode, id).toBe(404);
      expect((await remove(admin.token, id)).statusCode, id).toBe(404);
    }
  });
});

describe('create, edit, delete', () => {
  it('audits each write in its transaction with before and after, and the public list follows', async () => {
    const first = await created(admin.token, { title: 'Maintenance window', body: 'Sunday 02:00 IST.' });
    const [createRow] = await auditRows('announcement.create', first.id);
    expect(createRow).toMatchObject({ actorId: admin.id, actorRole: 'admin', before: null });
    expect(createRow?.after).toMatchObject({ id: first.id, title: 'Maintenance window', published: true });

    const second = await created(superadmin.token, { title: 'New coin', body: 'SOL is listed.' });
    // Newest first.
    expect((await publicList()).map((a) => a.title)).toEqual(['New coin', 'Maintenance window']);
    const pub = (await publicList())[0];
    expect(pub).toEqual({
      id: second.id,
      title: 'New coin',
      body: 'SOL is listed.',
      createdAt: second.createdAt,
    });

    const res = await edit(admin.token, first.id, { title: 'Maintenance moved', body: 'Monday 02:00 IST.' });
    expect(res.statusCode).toBe(200);
    const updated: AdminAnnouncement = res.json().announcement;
    expect(updated).toMatchObject({ id: first.id, title: 'Maintenance moved', published: true });
    expect(updated.createdAt).toBe(first.createdAt);
    const [updateRow] = await auditRows('announcement.update', first.id);
    expect(updateRow?.before).toMatchObject({ title: 'Maintenance window', body: 'Sunday 02:00 IST.' });
    expect(updateRow?.after).toMatchObject({ title: 'Maintenance moved', body: 'Monday 02:00 IST.' });
    expect((await publicList()).map((a) => a.title)).toEqual(['New coin', 'Maintenance moved']);

    const deleted = await remove(superadmin.token, second.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().announcement.id).toBe(second.id);
    const [deleteRow] = await auditRows('announcement.delete', second.id);
    expect(deleteRow).toMatchObject({ actorId: superadmin.id, actorRole: 'superadmin', after: null });
    expect(deleteRow?.before).toMatchObject({ title: 'New coin', body: 'SOL is listed.' });
    expect((await publicList()).map((a) => a.id)).toEqual([first.id]);
    // Deleted once: a second delete finds nothing and writes no second audit row.
    expect((await remove(superadmin.token, second.id)).statusCode).toBe(404);
    expect(await auditRows('announcement.delete', second.id)).toHaveLength(1);

    expect((await remove(admin.token, first.id)).statusCode).toBe(200);
    expect(await publicList()).toEqual([]);
  });

  it('keeps a draft off the public list; an edit without `published` keeps it a draft', async () => {
    const draft = await created(admin.token, { title: 'Draft', body: 'Not yet.', published: false });
    expect(draft.published).toBe(false);
    const live = await created(admin.token, { title: 'Live', body: 'Now.' });
    expect((await publicList()).map((a) => a.id)).toEqual([live.id]);

    const kept = await edit(admin.token, draft.id, { title: 'Draft 2', body: 'Still not.' });
    expect(kept.json().announcement.published).toBe(false);
    expect((await publicList()).map((a) => a.id)).toEqual([live.id]);

    const published = await edit(admin.token, draft.id, {
      title: 'Draft 2',
      body: 'Now too.',
      published: true,
    });
    expect(published.json().announcement.published).toBe(true);
    expect(new Set((await publicList()).map((a) => a.id))).toEqual(new Set([live.id, draft.id]));

    // The admin list has drafts too, newest first, 10 a page unless asked.
    await edit(admin.token, live.id, { title: 'Live', body: 'Now.', published: false });
    const all = (await adminList(admin.token)).json();
    expect(all).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(all.items.map((a: AdminAnnouncement) => a.id)).toEqual([live.id, draft.id]);
    const paged = (await adminList(admin.token, '?limit=1&page=2')).json();
    expect(paged.items.map((a: AdminAnnouncement) => a.id)).toEqual([draft.id]);
    expect((await publicList()).map((a) => a.id)).toEqual([draft.id]);

    for (const a of [draft, live]) expect((await remove(admin.token, a.id)).statusCode).toBe(200);
  });
});
