import '../../../i18n/admin-texts.ts';
import { MSG, type TradeSetting } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tradeKeys } from '../../../lib/query/index.ts';
import { renderAdminScreen, setUpAdminScreen } from '../../../test/admin-setup.tsx';
import { type Handler, json, mockApi } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { TradeSettingsPage } from './TradeSettingsPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

const UNIT_SECONDS = { Seconds: 1, Minutes: 60, Hours: 3600 } as const;
const setting = (
  id: number,
  time: number,
  unit: TradeSetting['unit'],
  payoutPercent: number,
): TradeSetting => ({
  id,
  time,
  unit,
  seconds: time * UNIT_SECONDS[unit],
  payoutPercent,
});

function settingsApi(initial: TradeSetting[], extra: Record<string, Handler> = {}) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let list = initial;
  const record =
    (answer: (body: unknown) => TradeSetting[] | Response): Handler =>
    ({ method, url, body }) => {
      calls.push({ method, path: url.pathname, body });
      const next = answer(body);
      if (next instanceof Response) return next;
      list = next;
      return json({ data: list }, method === 'POST' ? 201 : 200);
    };
  mockApi({
    'GET /api/trade-setting': () => ({ data: list }),
    'POST /api/trade-setting': record(() => [...list, setting(9, 2, 'Minutes', 50)]),
    'PUT /api/trade-setting/1': record(() =>
      list.map((s) => (s.id === 1 ? setting(1, 20, 'Seconds', 35) : s)),
    ),
    'DELETE /api/trade-setting/2': record(() => list.filter((s) => s.id !== 2)),
    ...extra,
  });
  return calls;
}

const renderPage = () => renderAdminScreen(<TradeSettingsPage />);
const bodyRows = () => screen.getAllByRole('row').slice(1);
const cellTexts = () =>
  bodyRows().map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );

setUpAdminScreen(h);

describe('trade settings', () => {
  it('lists time, unit, payout and the break-even win rate from the shared rule', async () => {
    settingsApi([setting(1, 20, 'Seconds', 20), setting(2, 40, 'Seconds', 40)]);
    renderPage();
    await screen.findAllByTestId('setting-payout');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Time',
      'Unit',
      'Payout %',
      'Break-even win rate',
      'Actions',
    ]);
    expect(cellTexts().map((cells) => cells.slice(0, 4))).toEqual([
      ['20', 'Seconds', '20%', '83.3%'],
      ['40', 'Seconds', '40%', '71.4%'],
    ]);
  });

  it('adds a setting with its payout; the answer becomes the list the trade card reads', async () => {
    const calls = settingsApi([setting(1, 20, 'Seconds', 20)]);
    const { client } = renderPage();
    await screen.findAllByTestId('setting-payout');
    fireEvent.click(screen.getByRole('button', { name: 'Add setting' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a trade setting' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.invalidInput);
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Unit'), { target: { value: 'Minutes' } });
    fireEvent.change(within(dialog).getByLabelText('Payout %'), { target: { value: '50' } });
    expect(within(dialog).getByText('A user needs 66.7% wins to break even at this payout.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('50%');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/trade-setting', body: { time: 2, unit: 'Minutes', payoutPercent: 50 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.getQueryData<TradeSetting[]>(tradeKeys.settings())?.map((s) => s.id)).toEqual([1, 9]);
  });

  it('edits the payout of a setting with PUT', async () => {
    const calls = settingsApi([setting(1, 20, 'Seconds', 20)]);
    renderPage();
    await screen.findAllByTestId('setting-payout');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 20 Seconds' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit trade setting' });
    expect((within(dialog).getByLabelText('Payout %') as HTMLInputElement).value).toBe('20');
    fireEvent.change(within(dialog).getByLabelText('Payout %'), { target: { value: '35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('35%');
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/trade-setting/1', body: { time: 20, unit: 'Seconds', payoutPercent: 35 } },
    ]);
    expect(cellTexts()[0]?.[3]).toBe('74.1%');
  });

  it('shows the server’s message, else Failed to save', async () => {
    settingsApi([setting(1, 20, 'Seconds', 20)], {
      'PUT /api/trade-setting/1': () => json({ statusCode: 500, error: 'Internal Server Error' }, 500),
    });
    renderPage();
    await screen.findAllByTestId('setting-payout');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 20 Seconds' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit trade setting' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.failedToSave);
  });

  it('deletes only after Delete this setting?', async () => {
    const calls = settingsApi([setting(1, 20, 'Seconds', 20), setting(2, 40, 'Seconds', 40)]);
    renderPage();
    await screen.findAllByTestId('setting-payout');
    fireEvent.click(screen.getByRole('button', { name: 'Delete 40 Seconds' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete setting' });
    expect(within(dialog).getByText('Delete this setting?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete 40 Seconds' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('20%');
    await vi.waitFor(() => expect(screen.queryByText('40%')).toBeNull());
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/trade-setting/2', body: undefined }]);
  });
});
