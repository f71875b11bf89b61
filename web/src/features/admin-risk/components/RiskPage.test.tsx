import '../../../i18n/admin-texts.ts';
import { MSG, type RiskExposure, type RiskLimits } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { RiskPage } from './RiskPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

const exposure = (overrides: Partial<RiskExposure> = {}): RiskExposure => ({
  rows: [
    { symbol: 'BTC', direction: 'up', count: 3, stake: 1500, payoutIfAllWin: 2100, netIfAllWin: 600 },
    { symbol: 'BTC', direction: 'down', count: 1, stake: 250.5, payoutIfAllWin: 300.6, netIfAllWin: 50.1 },
  ],
  totals: { count: 4, stake: 1750.5, payoutIfAllWin: 2400.6, netIfAllWin: 650.1 },
  asOf: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

const noLimits: RiskLimits = { maxStakePerTrade: null, maxOpenStakePerCoin: null, updatedAt: null };

function riskApi(extra: Record<string, Handler> = {}, limits: RiskLimits = noLimits) {
  const puts: unknown[] = [];
  const spy = mockApi({
    'GET /api/admin/risk/exposure': () => exposure(),
    'GET /api/admin/risk-limits': () => limits,
    'PUT /api/admin/risk-limits': ({ body }) => {
      puts.push(body);
      return { ...(body as object), updatedAt: '2026-01-01T10:05:00.000Z' };
    },
    ...extra,
  });
  return { puts, spy };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const bodyRows = () => screen.getAllByRole('row').slice(1);
const stat = (label: string) =>
  screen.getByText(label, { selector: '.card-label' }).nextElementSibling?.textContent;

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.clear();
  storage.set(STORAGE_KEYS.token, 'admin-token');
  useSession.setState({
    token: 'admin-token',
    user: user({ role: 'admin', isAdmin: true }),
    status: 'ready',
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the open exposure', () => {
  it('shows each coin and direction with count, stake and what all wins would pay, and the totals', async () => {
    riskApi();
    render(<RiskPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Coin',
      'Direction',
      'Trades',
      'Stake',
      'Pays if all win',
      'Net loss if all win',
    ]);
    expect(cellsOf(bodyRows()[0]!)).toEqual(['BTC/INR', 'Up', '3', '₹1,500.00', '₹2,100.00', '₹600.00']);
    expect(cellsOf(bodyRows()[1]!)).toEqual(['BTC/INR', 'Down', '1', '₹250.50', '₹300.60', '₹50.10']);
    expect(stat('Running trades')).toBe('4');
    expect(stat('Total stake')).toBe('₹1,750.50');
  });

  it('follows admin:exposure events live, and keeps a newer event over an older answer', async () => {
    riskApi();
    render(<RiskPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));

    const later = exposure({
      rows: [{ symbol: 'ETH', direction: 'down', count: 2, stake: 80, payoutIfAllWin: 112, netIfAllWin: 32 }],
      totals: { count: 2, stake: 80, payoutIfAllWin: 112, netIfAllWin: 32 },
      asOf: '2026-01-01T10:00:05.000Z',
    });
    act(() => server().serverEmit('admin:exposure', later));
    expect(bodyRows()).toHaveLength(1);
    expect(cellsOf(bodyRows()[0]!)).toEqual(['ETH/INR', 'Down', '2', '₹80.00', '₹112.00', '₹32.00']);

    // An event read before the one shown does not take its place.
    act(() => server().serverEmit('admin:exposure', exposure({ asOf: '2026-01-01T10:00:01.000Z' })));
    expect(cellsOf(bodyRows()[0]!)[0]).toBe('ETH/INR');

    act(() =>
      server().serverEmit('admin:exposure', exposure({ rows: [], asOf: '2026-01-01T10:00:09.000Z' })),
    );
    expect(screen.getByText('No running trades.')).toBeTruthy();
  });

  it('says so when the exposure cannot load', async () => {
    riskApi({ 'GET /api/admin/risk/exposure': () => json({ message: 'boom' }, 500) });
    render(<RiskPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the exposure.');
  });
});

describe('the limits form', () => {
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const perTrade = () => field('Maximum stake per trade (INR)');
  const perCoin = () => field('Maximum open stake per user per coin (INR)');

  it('shows the stored limits and saves new ones, an empty field as no limit', async () => {
    const { puts } = riskApi({}, { maxStakePerTrade: 500, maxOpenStakePerCoin: 2_000.5, updatedAt: null });
    render(<RiskPage />);
    await waitFor(() => expect(perTrade().value).toBe('500'));
    expect(perCoin().value).toBe('2000.5');

    fireEvent.change(perTrade(), { target: { value: '750.25' } });
    fireEvent.change(perCoin(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast(MSG.riskLimitsSaved);
    expect(puts).toEqual([{ maxStakePerTrade: 750.25, maxOpenStakePerCoin: null }]);
  });

  it.each([
    ['abc', '', MSG.riskLimitInvalid],
    ['1e3', '', MSG.riskLimitInvalid],
    ['0', '', MSG.riskLimitInvalid],
    ['10.001', '', MSG.riskLimitInvalid],
    ['500', '400', MSG.riskLimitsOrder],
  ])('refuses %s / %s with "%s" and sends nothing', async (trade, coin, message) => {
    const { puts } = riskApi();
    render(<RiskPage />);
    await waitFor(() => expect(perTrade().disabled).toBe(false));
    fireEvent.change(perTrade(), { target: { value: trade } });
    fireEvent.change(perCoin(), { target: { value: coin } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(puts).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    riskApi({
      'PUT /api/admin/risk-limits': () => json({ statusCode: 403, message: MSG.forbidden }, 403),
    });
    render(<RiskPage />);
    await waitFor(() => expect(perTrade().disabled).toBe(false));
    fireEvent.change(perTrade(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.forbidden);
  });
});
