import '../../../i18n/admin-texts.ts';
import { type AuditEntry, MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { AuditPage } from './AuditPage.tsx';

beforeEach(() => {
  useSession.setState({ token: 'tok', user: user({ role: 'superadmin', isAdmin: true }), status: 'ready' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ADMIN = { id: '11111111-1111-4111-8111-111111111111', username: 'ops_amit', role: 'admin' as const };
const ALICE = { id: '22222222-2222-4222-8222-222222222222', username: 'alice', role: 'user' as const };

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  createdAt: '2026-01-05T09:00:00.000Z',
  actor: ADMIN,
  actorRole: 'admin',
  action: 'user.hold',
  targetType: 'user',
  targetId: ALICE.id,
  user: ALICE,
  before: { freezAmount: '0' },
  after: { freezAmount: '5000' },
  reason: 'KYC check',
  ip: null,
  requestId: null,
  ...over,
});

const answer = (items: AuditEntry[]) => ({
  items,
  pagination: { total: items.length, page: 1, limit: 20, pages: 1 },
});

function setup(initial = '/app-panel/audit') {
  const urls: URL[] = [];
  mockApi({
    'GET /api/admin/audit': ({ url }) => {
      urls.push(url);
      return answer([
        entry({}),
        entry({
          id: '2',
          action: 'site.update',
          targetType: 'site',
          targetId: null,
          user: null,
          reason: null,
        }),
      ]);
    },
  });
  render(
    <MemoryRouter initialEntries={[initial]}>
      <AuditPage />
    </MemoryRouter>,
  );
  return urls;
}

describe('admin audit trail', () => {
  it('lists who did what to which account, with labels, reasons and the before/after on request', async () => {
    setup();
    expect(await screen.findByRole('cell', { name: 'Funds on hold changed' })).toBeTruthy();
    const row = screen.getByRole('cell', { name: 'Funds on hold changed' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('ops_amit (admin)')).toBeTruthy();
    expect(within(row).getByText('alice')).toBeTruthy();
    expect(within(row).getByText('KYC check')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Site settings changed' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Show' }));
    expect(within(row).getByText(/"freezAmount": "5000"/)).toBeTruthy();
  });

  it('sends the filters the admin applies, and the ones in the link', async () => {
    const urls = setup(`/app-panel/audit?user=${ALICE.id}`);
    await screen.findByRole('cell', { name: 'Funds on hold changed' });
    expect(urls[0]?.searchParams.get('user')).toBe(ALICE.id);
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'topup.approve' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('action')).toBe('topup.approve'));
    const last = urls.at(-1)?.searchParams;
    expect([last?.get('user'), last?.get('from'), last?.get('to'), last?.get('page')]).toEqual([
      ALICE.id,
      '2026-01-01',
      '2026-01-05',
      '1',
    ]);
  });

  it('refuses a range that ends before it starts, with the server’s message, and asks nothing', async () => {
    const urls = setup();
    await screen.findByRole('cell', { name: 'Funds on hold changed' });
    const asked = urls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(MSG.dateRangeInvalid)).toBeTruthy();
    expect(urls).toHaveLength(asked);
  });
});
