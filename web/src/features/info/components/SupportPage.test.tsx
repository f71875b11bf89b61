import '../../../i18n/page-texts.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { SupportPage } from './SupportPage.tsx';

beforeEach(() => useSession.setState({ token: 'tok', user: user(), status: 'ready' }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
const page = () =>
  render(
    <MemoryRouter>
      <SupportPage />
    </MemoryRouter>,
  );

const created = (subject: string, message: string) => {
  const at = '2026-01-01T00:00:00.000Z';
  const ticket = {
    id: 't1',
    subject,
    status: 'open',
    createdAt: at,
    updatedAt: at,
    lastMessageAt: at,
    messages: [{ id: 'm1', senderRole: 'user', message, createdAt: at }],
  };
  return json({ id: 't1', ticket, message: MSG.ticketCreated }, 201);
};

describe('support form', () => {
  it("checks in the spec's order, then opens a ticket with the email appended to the message", async () => {
    const sent: unknown[] = [];
    const api = mockApi({
      'POST /api/tickets': ({ body }) => {
        sent.push(body);
        const b = body as { subject: string; message: string };
        return created(b.subject, b.message);
      },
    });
    page();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(WEB_MSG.supportSubject);
    type('Subject', 'Deposit');
    type('Email', 'not-an-email');
    send();
    expect(await screen.findByText(WEB_MSG.supportEmail)).toBeTruthy();
    type('Email', 'me@example.com');
    type('Message', 'short');
    send();
    expect((await screen.findByText(WEB_MSG.supportMessage)).getAttribute('role')).toBe('alert');
    expect(api).not.toHaveBeenCalled();
    expect(screen.queryByTestId('toast')).toBeNull();

    type('Message', 'My deposit has not arrived yet.');
    send();
    expect((await screen.findByTestId('toast')).textContent).toBe(WEB_MSG.ticketCreated);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      { subject: 'Deposit', message: 'My deposit has not arrived yet.\n\nContact email: me@example.com' },
    ]);
  });

  it('asks a visitor to log in, and shows the spec message when the server fails without one', async () => {
    useSession.setState({ token: null, user: null, status: 'ready' });
    const api = mockApi({ 'POST /api/tickets': () => json({}, 500) });
    page();
    type('Subject', 'Deposit');
    type('Email', 'me@example.com');
    type('Message', 'My deposit has not arrived yet.');
    send();
    expect(await screen.findByText(WEB_MSG.supportLogin)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    cleanup();
    useSession.setState({ token: 'tok', user: user(), status: 'ready' });
    page();
    type('Subject', 'Deposit');
    type('Message', 'My deposit has not arrived yet.');
    send();
    expect(await screen.findByText(WEB_MSG.ticketFailed)).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('shows the message of a rate (429) and of the cap on waiting tickets (409)', async () => {
    const rate = `${MSG.ticketsTooMany} Try again in 12 minutes.`;
    let answer = json({ statusCode: 429, error: 'Too Many Requests', message: rate }, 429);
    mockApi({ 'POST /api/tickets': () => answer });
    page();
    type('Subject', 'Deposit');
    type('Email', 'me@example.com');
    type('Message', 'My deposit has not arrived yet.');
    send();
    expect(await screen.findByText(rate)).toBeTruthy();
    answer = json({ statusCode: 409, error: 'Conflict', message: MSG.ticketsOpenTooMany }, 409);
    send();
    expect(await screen.findByText(MSG.ticketsOpenTooMany)).toBeTruthy();
  });
});
