import '../../../i18n/admin-texts.ts';
import { type AdminTicket, type AdminTicketSummary, MSG, TIMINGS } from '@app/shared';
import { act, cleanup, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { TicketsPage, useDebouncedValue } from './TicketsPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

beforeAll(() => {
  realtime.start(null);
  server().accept();
});
beforeEach(() =>
  useSession.setState({ token: 'tok', user: user({ role: 'admin', isAdmin: true }), status: 'ready' }),
);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
const owner = { id: 'u1', firstName: 'Asha', lastName: 'Verma', username: 'asha', email: 'asha@example.com' };
const summary = (n: number, status: AdminTicketSummary['status'] = 'open'): AdminTicketSummary => ({
  id: `t${n}`,
  subject: `Question ${n}`,
  status,
  createdAt: at(n),
  updatedAt: at(n),
  lastMessageAt: at(n),
  user: owner,
});
const detail = (status: AdminTicket['status'], messages: AdminTicket['messages']): AdminTicket => ({
  ...summary(1, status),
  messages,
});
const first = { id: 'm1', senderRole: 'user' as const, message: 'Where is my deposit?', createdAt: at(1) };
const listOf = (items: AdminTicketSummary[]) => ({
  items,
  pagination: { total: items.length, page: 1, limit: 20, pages: 1 },
});

describe('admin Support Tickets', () => {
  it('filters by status and searches 180 ms after the last key', async () => {
    const asked: URL[] = [];
    mockApi({
      'GET /api/admin/tickets': ({ url }) => {
        asked.push(url);
        return listOf([summary(1)]);
      },
    });
    render(<TicketsPage />);
    await screen.findByText('Question 1');
    expect(screen.getByText('Select a ticket to read its thread.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'customer_replied' } });
    await vi.waitFor(() => expect(asked.at(-1)?.searchParams.get('status')).toBe('customer_replied'));

    const before = asked.length;
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'as' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'asha ' } });
    await vi.waitFor(() => expect(asked.at(-1)?.searchParams.get('search')).toBe('asha'));
    // One request for what was typed last, none for the keys before it.
    expect(asked.slice(before).map((u) => u.searchParams.get('search'))).toEqual(['asha']);
  });

  it('debounces by exactly the spec’s 180 ms', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ value }) => useDebouncedValue(value, TIMINGS.ticketSearchDebounceMs),
      {
        initialProps: { value: '' },
      },
    );
    rerender({ value: 'a' });
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: 'as' });
    act(() => vi.advanceTimersByTime(179));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('as');
  });

  it('shows the thread, sets the status, answers, and takes new tickets and replies live', async () => {
    let current = detail('customer_replied', [first]);
    let list = [summary(1, 'customer_replied')];
    const statuses: unknown[] = [];
    const replies: unknown[] = [];
    mockApi({
      'GET /api/admin/tickets': () => listOf(list),
      'GET /api/admin/tickets/t1': () => ({ ticket: current }),
      'PATCH /api/admin/tickets/t1/status': ({ body }) => {
        statuses.push(body);
        current = { ...current, status: 'pending' };
        return { ticket: current, message: MSG.ticketStatusSet };
      },
      'POST /api/admin/tickets/t1/messages': ({ body }) => {
        replies.push(body);
        current = {
          ...current,
          status: 'answered',
          messages: [
            ...current.messages,
            { id: 'm2', senderRole: 'admin', message: 'On its way.', createdAt: at(2) },
          ],
        };
        return json({ ticket: current, message: MSG.ticketReplySent }, 201);
      },
    });
    render(<TicketsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Question 1/ }));
    const thread = await screen.findByTestId('admin-ticket-thread');
    expect(within(thread).getByText('Where is my deposit?')).toBeTruthy();
    expect(screen.getByTestId('admin-ticket-status').textContent).toBe('customer replied');

    fireEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await vi.waitFor(() => expect(screen.getByTestId('admin-ticket-status').textContent).toBe('pending'));
    expect(statuses).toEqual([{ status: 'pending' }]);
    expect((screen.getByRole('button', { name: 'Pending' }) as HTMLButtonElement).disabled).toBe(true);

    const send = screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'On its way.' } });
    fireEvent.click(send);
    expect(await within(thread).findByText('On its way.')).toBeTruthy();
    expect(replies).toEqual([{ message: 'On its way.' }]);
    expect(screen.getByTestId('admin-ticket-status').textContent).toBe('answered');

    // The user answers: the open thread shows it at once.
    act(() =>
      server().serverEmit('ticket:message', {
        ticket: { ...summary(1, 'customer_replied'), lastMessageAt: at(3) },
        message: { id: 'm3', senderRole: 'user', message: 'Thanks!', createdAt: at(3) },
      }),
    );
    expect(await within(thread).findByText('Thanks!')).toBeTruthy();
    expect(screen.getByTestId('admin-ticket-status').textContent).toBe('customer replied');

    // A new ticket arrives.
    list = [summary(2), ...list];
    act(() => server().serverEmit('ticket:new', { ticket: summary(2) }));
    expect(await screen.findByRole('button', { name: /Question 2/ })).toBeTruthy();
  });

  it('says No tickets when there are none', async () => {
    mockApi({ 'GET /api/admin/tickets': () => listOf([]) });
    render(<TicketsPage />);
    expect(await screen.findByText('No tickets')).toBeTruthy();
  });
});
