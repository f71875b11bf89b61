import '../../../i18n/admin-texts.ts';
import type { ReferralKey } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { renderAdminScreen, setUpAdminScreen } from '../../../test/admin-setup.tsx';
import { type Handler, json, mockApi } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { ReferralKeysPage } from './ReferralKeysPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

function key(id: string, overrides: Partial<ReferralKey> = {}): ReferralKey {
  return {
    id,
    code: `CODE${id}`,
    label: `Campaign ${id}`,
    usedCount: 3,
    maxUses: 10,
    remaining: 7,
    active: true,
    expiresAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function keysApi(initial: ReferralKey[], extra: Record<string, Handler> = {}) {
  const state = { rows: initial, patches: [] as unknown[] };
  const spy = mockApi({
    'GET /api/referral-keys': () => ({ rows: state.rows, total: state.rows.length }),
    ...extra,
  });
  return { state, spy };
}

const rowOf = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;

setUpAdminScreen(h);

describe('referral keys', () => {
  it('lists each key with its uses and status, and offers to activate an inactive one', async () => {
    keysApi([key('1'), key('2', { active: false, usedCount: 10, remaining: 0 })]);
    renderAdminScreen(<ReferralKeysPage />);
    await screen.findByText('CODE1');
    expect(within(rowOf('CODE1')).getByText('3/10')).toBeTruthy();
    expect(within(rowOf('CODE1')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('CODE2')).getByText('10/10')).toBeTruthy();
    expect(within(rowOf('CODE2')).getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('CODE2')).getByRole('button', { name: 'Activate' })).toBeTruthy();
  });

  it('says so when there are no keys', async () => {
    keysApi([]);
    renderAdminScreen(<ReferralKeysPage />);
    expect(await screen.findByText('No keys found')).toBeTruthy();
  });

  it('deactivates a key and shows the list the server answers after it', async () => {
    const { state } = keysApi([key('1')], {
      'PATCH /api/referral-keys/1': ({ body }) => {
        state.patches.push(body);
        const updated = key('1', { active: false });
        state.rows = [updated];
        return { key: updated };
      },
    });
    renderAdminScreen(<ReferralKeysPage />);
    await screen.findByText('CODE1');
    fireEvent.click(within(rowOf('CODE1')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(rowOf('CODE1')).getByText('Inactive')).toBeTruthy());
    expect(state.patches).toEqual([{ active: false }]);
  });

  it('names a failed change and keeps the key as it was', async () => {
    keysApi([key('1')], {
      'PATCH /api/referral-keys/1': () =>
        json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' }, 500),
    });
    renderAdminScreen(<ReferralKeysPage />);
    await screen.findByText('CODE1');
    fireEvent.click(within(rowOf('CODE1')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(WEB_MSG.statusFailed)).toBeTruthy();
    expect(within(rowOf('CODE1')).getByText('Active')).toBeTruthy();
  });

  it('will not save a limit below the uses already made', async () => {
    const { state } = keysApi([key('1', { usedCount: 3 })], {
      'PATCH /api/referral-keys/1': ({ body }) => {
        state.patches.push(body);
        return { key: key('1', { maxUses: 5, remaining: 2 }) };
      },
    });
    renderAdminScreen(<ReferralKeysPage />);
    await screen.findByText('CODE1');
    fireEvent.click(within(rowOf('CODE1')).getByRole('button', { name: 'Edit Limit' }));
    const limit = within(rowOf('CODE1')).getByLabelText('New limit');
    fireEvent.change(limit, { target: { value: '2' } });
    const save = within(rowOf('CODE1')).getByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    expect(limit.getAttribute('title')).toBe('At least 3 (already used)');
    fireEvent.change(limit, { target: { value: '5' } });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(state.patches).toEqual([{ maxUses: 5 }]));
  });
});
