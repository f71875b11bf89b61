import '../../../i18n/index.ts';
import { MSG, type Ticket, type TicketSummary } from '@app/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { AccountTickets } from './AccountTickets.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

beforeAll(() => {
  realtime.start(null);
  server().accept();
});
beforeEach(() => useSession.setState({ token: 'tok', user: user(), status: 'ready' }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
const summary = (n: number, status: TicketSummary['status'] = 'open'): TicketSummary => ({
  id: `t${n}`,
  subject: `Question ${n}`,
  status,
  createdAt: at(n),
  updatedAt: at(n),
  lastMessageAt: at(n),
});
const thread = (status: Ticket['status'], messages: Ticket['messages']): Ticket => ({
  ...summary(1, status),
  messages,
});
const first = { id: 'm1', senderRole: 'user' as const, message: 'Where is my deposit?', createdAt: at(1) };

describe('account dashboard: Tickets', () => {
  it('lists 5 a page with statuses as words and pages with Next', async () => {
    const asked: URL[] = [];
    mockApi({
      'GET /api/tickets': ({ url }) => {
        asked.push(url);
        const p = Number(url.searchParams.get('page'));
        const items =
          p === 2
            ? [summary(6)]
            : [1, 2, 3, 4, 5].map((n) => summary(n, n === 2 ? 'customer_replied' : 'open'));
        return { items, pagination: { total: 6, page: p, limit: 5, pages: 2 } };
      },
    });
    render(<AccountTickets />);
    const list = await screen.findByTestId('my-tickets');
    expect(within(list).getAllByRole('button')).toHaveLength(5);
    expect(within(list).getByText('customer replied')).toBeTruthy();
    expect(asked[0]?.searchParams.get('limit')).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question 6')).toBeTruthy();
  });

  it('opens the thread, refuses an empty reply, sends one, and shows a live answer', async () => {
    let current = thread('open', [first]);
    const replies: unknown[] = [];
    mockApi({
      'GET /api/tickets': () => ({
        items: [summary(1)],
        pagination: { total: 1, page: 1, limit: 5, pages: 1 },
      }),
      'GET /api/tickets/t1': () => ({ ticket: current }),
      'POST /api/tickets/t1/messages': ({ body }) => {
        replies.push(body);
        current = thread('customer_replied', [
          first,
          { id: 'm2', senderRole: 'user', message: 'Any news?', createdAt: at(2) },
        ]);
        return json({ ticket: current }, 201);
      },
    });
    render(<AccountTickets />);
    fireEvent.click(await screen.findByRole('button', { name: /Question 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket thread' });
    expect(await within(dialog).findByText('Where is my deposit?')).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: 'Any news?' } });
    fireEvent.click(send);
    expect(await within(dialog).findByText('Any news?')).toBeTruthy();
    expect(replies).toEqual([{ message: 'Any news?' }]);
    expect(within(dialog).getByTestId('ticket-status').textContent).toBe('customer replied');

    act(() =>
      server().serverEmit('ticket:message', {
        ticket: { ...summary(1, 'answered'), lastMessageAt: at(3) },
        message: { id: 'm3', senderRole: 'admin', message: 'It arrives today.', createdAt: at(3) },
      }),
    );
    expect(await within(dialog).findByText('It arrives today.')).toBeTruthy();
    expect(within(dialog).getByTestId('ticket-status').textContent).toBe('answered');
    expect(within(dialog).getByText('Support team')).toBeTruthy();
  });

  it('shows the server’s message when a reply is refused', async () => {
    mockApi({
      'GET /api/tickets': () => ({
        items: [summary(1)],
        pagination: { total: 1, page: 1, limit: 5, pages: 1 },
      }),
      'GET /api/tickets/t1': () => ({ ticket: thread('open', [first]) }),
      'POST /api/tickets/t1/messages': () => json({ statusCode: 400, message: MSG.textTooLong }, 400),
    });
    render(<AccountTickets />);
    fireEvent.click(await screen.findByRole('button', { name: /Question 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket thread' });
    await within(dialog).findByText('Where is my deposit?');
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText(MSG.textTooLong)).toBeTruthy();
  });
});
