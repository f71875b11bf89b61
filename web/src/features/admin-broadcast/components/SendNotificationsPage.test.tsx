import '../../../i18n/admin-texts.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { SendNotificationsPage } from './SendNotificationsPage.tsx';

const ID_A = '0b7c6f2e-1c1d-4b8e-9a53-3f3c2f7d1a01';
const ID_B = '0b7c6f2e-1c1d-4b8e-9a53-3f3c2f7d1a02';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/app-panel/notifications/send']}>
      <Routes>
        <Route path="/app-panel/notifications/send" element={<SendNotificationsPage />} />
        <Route path="/app-panel/users" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function api(routes: Record<string, Handler>) {
  const sent: unknown[] = [];
  const spy = mockApi({
    'POST /api/admin/notifications': (request) => {
      sent.push(request.body);
      const handler = routes['POST /api/admin/notifications'];
      return handler ? handler(request) : { recipients: 1, created: 1 };
    },
    ...Object.fromEntries(Object.entries(routes).filter(([k]) => k !== 'POST /api/admin/notifications')),
  });
  return { sent, spy };
}

const form = () => screen.getByTestId('broadcast-form');
const preview = () => screen.getByTestId('broadcast-preview');
const type = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(within(form()).getByRole('button', { name: 'Send' }));

beforeEach(() => {
  localStorage.clear();
  useSession.setState({
    token: 'tok',
    user: user({ id: 'me', role: 'admin', isAdmin: true }),
    status: 'ready',
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Send Notifications', () => {
  it('shows what is typed in the live preview, with the audience and the list count', () => {
    api({});
    renderPage();
    type('Title', 'Maintenance tonight');
    type('Message', 'Down from 2am');
    type('Audience', 'emails');
    type(
      'Emails (separated by spaces, commas, semicolons or new lines)',
      'a@x.com, b@x.com;c@x.com\nc@x.com',
    );
    expect(within(preview()).getByText('Maintenance tonight')).toBeTruthy();
    expect(within(preview()).getByText('Down from 2am')).toBeTruthy();
    expect(preview().textContent).toContain('3 recipient(s)');
    type('Data (JSON)', '{oops');
    expect(within(preview()).getByText(MSG.invalidJson)).toBeTruthy();
  });

  it('checks the form with the shared schema before sending: title, JSON, the audience’s field', async () => {
    const { sent } = api({});
    renderPage();
    const shows = (message: string) =>
      waitFor(() => expect(within(form()).getByRole('alert').textContent).toBe(message));
    submit();
    await shows(MSG.titleRequired);
    type('Title', 'Hi');
    type('Data (JSON)', '[1]');
    submit();
    await shows(MSG.broadcastUserRequired);
    type('Username, email or user id', 'asha');
    submit();
    await shows(MSG.invalidJson);
    expect(sent).toHaveLength(0);
    // Credits are not among the types an admin can pick.
    const types = within(within(form()).getByLabelText('Type')).getAllByRole('option');
    expect(types.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'system',
      'withdrawal',
      'ticket_reply',
    ]);
  });

  it('sends the chosen audience’s field only and toasts the spec’s result line', async () => {
    const { sent } = api({ 'POST /api/admin/notifications': () => ({ recipients: 2, created: 2 }) });
    renderPage();
    type('Username, email or user id', 'ignored');
    type('Audience', 'userIds');
    type('User ids (separated by spaces, commas, semicolons or new lines)', 'a, b');
    type('Title', 'Hello');
    type('Data (JSON)', '{"k":1}');
    submit();
    await waitFor(() =>
      expect(within(form()).getByRole('alert').textContent).toBe(MSG.broadcastUserIdInvalid),
    );
    type('User ids (separated by spaces, commas, semicolons or new lines)', `${ID_A}, ${ID_B}`);
    submit();
    await expectToast('Sent to 2 user(s). Created 2 notification(s).');
    expect(sent).toEqual([
      {
        audience: 'userIds',
        userIds: `${ID_A}, ${ID_B}`,
        type: 'system',
        title: 'Hello',
        body: '',
        data: '{"k":1}',
      },
    ]);
  });

  it('follows a queued send’s progress until the job is done, then toasts its counts', async () => {
    let polls = 0;
    api({
      'POST /api/admin/notifications': () => json({ recipients: 2500, jobId: 'broadcast-1' }, 202),
      'GET /api/admin/notifications/jobs/broadcast-1': () => {
        polls++;
        return polls === 1
          ? { jobId: 'broadcast-1', state: 'active', recipients: 2500, processed: 1000, created: 1000 }
          : { jobId: 'broadcast-1', state: 'completed', recipients: 2500, processed: 2500, created: 2499 };
      },
    });
    renderPage();
    type('Audience', 'all');
    type('Title', 'Everyone');
    submit();
    expect(await screen.findByText('Sending: 1000 of 2500 user(s) done')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('broadcast-progress')).toBeNull(), { timeout: 3000 });
    await expectToast('Sent to 2500 user(s). Created 2499 notification(s).');
  });

  it('shows the server’s refusal', async () => {
    api({
      'POST /api/admin/notifications': () =>
        json({ statusCode: 403, error: 'Forbidden', message: MSG.broadcastAdminRoleForbidden }, 403),
    });
    renderPage();
    type('Audience', 'role');
    type('Role', 'admin');
    type('Title', 'Admins');
    submit();
    expect(await screen.findByText(MSG.broadcastAdminRoleForbidden)).toBeTruthy();
  });

  it('fills the form from the withdrawal and ticket templates', () => {
    api({});
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Withdrawal rejected' }));
    expect((within(form()).getByLabelText('Title') as HTMLInputElement).value).toBe('Withdrawal rejected');
    expect((within(form()).getByLabelText('Type') as HTMLSelectElement).value).toBe('withdrawal');
    fireEvent.click(screen.getByRole('button', { name: 'Ticket reply' }));
    expect((within(form()).getByLabelText('Type') as HTMLSelectElement).value).toBe('ticket_reply');
    expect((within(form()).getByLabelText('Title') as HTMLInputElement).value).toBe(
      'New reply to your ticket',
    );
  });

  it('"credit added" opens the user’s Add Balance dialog instead of writing a notice', async () => {
    const searches: string[] = [];
    const { sent } = api({
      'GET /api/admin/users': ({ url }) => {
        searches.push(url.searchParams.get('search') ?? '');
        return {
          users: [
            {
              ...user({ id: 'other', username: 'asha2', email: 'asha2@example.com' }),
              frozen: false,
              trades: 0,
            },
            { ...user({ id: 'u-asha' }), frozen: false, trades: 0 },
          ],
          total: 2,
          page: 1,
          limit: 20,
          pages: 1,
        };
      },
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Credit added' }));
    expect(await screen.findByText(/A credit is announced by its balance adjustment/)).toBeTruthy();

    type('Username, email or user id', 'Asha');
    fireEvent.click(screen.getByRole('button', { name: 'Credit added' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app-panel/users?user=u-asha&action=credit'),
    );
    expect(searches).toEqual(['Asha']);
    expect(sent).toHaveLength(0);
  });
});
