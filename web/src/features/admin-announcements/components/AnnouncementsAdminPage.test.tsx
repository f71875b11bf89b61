import '../../../i18n/admin-texts.ts';
import { type AdminAnnouncement, MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdminScreen, setUpAdminScreen } from '../../../test/admin-setup.tsx';
import { type Handler, json, mockApi } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { expectToast } from '../../../test/render.tsx';
import { AnnouncementsAdminPage } from './AnnouncementsAdminPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

function announcement(id: string, overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement {
  return {
    id,
    title: `Title ${id}`,
    body: `Body ${id}`,
    published: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const listOf = (items: AdminAnnouncement[]) => ({ items, total: items.length, page: 1, limit: 10 });

function announcementsApi(initial: AdminAnnouncement[], extra: Record<string, Handler> = {}) {
  const state = { items: initial, bodies: [] as unknown[] };
  const spy = mockApi({
    'GET /api/admin/announcements': () => listOf(state.items),
    ...extra,
  });
  return { state, spy };
}

const renderPage = () => renderAdminScreen(<AnnouncementsAdminPage />);

setUpAdminScreen(h);

describe('admin announcements', () => {
  it('lists drafts and published ones, and says how the public page behaves when there are none', async () => {
    announcementsApi([announcement('a2', { published: false }), announcement('a1')]);
    renderPage();
    await screen.findByText('Title a2');
    expect(screen.getAllByTestId('announcement-state').map((s) => s.textContent)).toEqual([
      'Draft',
      'Published',
    ]);
    cleanup();
    vi.restoreAllMocks();
    announcementsApi([]);
    renderPage();
    expect(await screen.findByText(/shows its two built-in samples/)).toBeTruthy();
  });

  it('checks a new one with the shared schema, then posts it and shows it', async () => {
    const { state } = announcementsApi([], {
      'POST /api/admin/announcements': ({ body }) => {
        state.bodies.push(body);
        const created = announcement('n1', {
          title: 'Maintenance',
          body: 'Sunday 02:00 IST.',
          published: false,
        });
        state.items = [created];
        return json({ announcement: created }, 201);
      },
    });
    renderPage();
    await screen.findByText(/built-in samples/);
    fireEvent.click(screen.getByRole('button', { name: 'New announcement' }));
    const dialog = screen.getByRole('dialog', { name: 'New announcement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.announcementTitleRequired);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Maintenance ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(MSG.announcementBodyRequired),
    );
    expect(state.bodies).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Sunday 02:00 IST.' } });
    fireEvent.click(within(dialog).getByLabelText(/^Published/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(MSG.announcementSaved);
    expect(state.bodies).toEqual([{ title: 'Maintenance', body: 'Sunday 02:00 IST.', published: false }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Maintenance')).toBeTruthy();
  });

  it('edits one with PUT and shows the server refusal in the form', async () => {
    const puts: Array<{ path: string; body: unknown }> = [];
    announcementsApi([announcement('a1')], {
      'PUT /api/admin/announcements/a1': ({ url, body }) => {
        puts.push({ path: url.pathname, body });
        if (puts.length === 1) return json({ statusCode: 400, message: MSG.announcementTitleTooLong }, 400);
        return { announcement: announcement('a1', { title: 'Renamed' }) };
      },
    });
    renderPage();
    await screen.findByText('Title a1');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Title a1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit announcement' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Title a1');
    expect((within(dialog).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Body a1');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Renamed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.announcementTitleTooLong);
    expect(screen.queryByTestId('toast')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(MSG.announcementSaved);
    expect(puts.map((p) => p.body)).toEqual([
      { title: 'Renamed', body: 'Body a1', published: true },
      { title: 'Renamed', body: 'Body a1', published: true },
    ]);
  });

  it('deletes one after a confirmation', async () => {
    const { state } = announcementsApi([announcement('a1'), announcement('a2')], {
      'DELETE /api/admin/announcements/a1': () => {
        const [gone] = state.items;
        state.items = state.items.slice(1);
        return { announcement: gone };
      },
    });
    renderPage();
    await screen.findByText('Title a1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Title a1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete announcement' });
    expect(dialog.textContent).toContain('Title a1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(MSG.announcementDeleted);
    await waitFor(() => expect(screen.queryByText('Title a1')).toBeNull());
    expect(screen.getByText('Title a2')).toBeTruthy();
  });
});
