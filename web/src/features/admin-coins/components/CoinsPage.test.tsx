import '../../../i18n/admin-texts.ts';
import { type Coin, MSG } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdminScreen, setUpAdminScreen } from '../../../test/admin-setup.tsx';
import { type Handler, json, mockApi } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { expectToast } from '../../../test/render.tsx';
import { CoinsPage } from './CoinsPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

function coin(symbol: string, overrides: Partial<Coin> = {}): Coin {
  return {
    symbol,
    name: `${symbol} coin`,
    marketSymbol: `${symbol}USDT`,
    enabled: true,
    sortOrder: 1,
    iconUrl: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const page = (coins: Coin[], total = coins.length, n = 1) => ({ coins, total, page: n, limit: 10 });

function coinsApi(list: (q: URLSearchParams) => unknown, extra: Record<string, Handler> = {}) {
  const queries: URLSearchParams[] = [];
  const spy = mockApi({
    'GET /api/admin/coins': ({ url }) => {
      queries.push(url.searchParams);
      return list(url.searchParams);
    },
    ...extra,
  });
  return { queries, spy };
}

const renderPage = () => renderAdminScreen(<CoinsPage />);
const bodyRows = () => screen.getAllByRole('row').slice(1);

setUpAdminScreen(h);

describe('coins list', () => {
  it('shows symbol, name, pair, enabled, order and actions: no price column; 10 a page', async () => {
    const { queries } = coinsApi((q) =>
      page(
        q.get('page') === '2' ? [coin('ZZZ')] : [coin('BTC'), coin('DOGE', { enabled: false })],
        12,
        Number(q.get('page')),
      ),
    );
    renderPage();
    await screen.findByText('BTC coin');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Symbol',
      'Name',
      'Binance pair',
      'Enabled',
      'Sort order',
      'Actions',
    ]);
    expect(queries[0]?.get('limit')).toBe('10');
    expect(queries[0]?.get('page')).toBe('1');
    const doge = bodyRows()[1]!;
    expect(within(doge).getByTestId('coin-enabled').textContent).toBe('Disabled');
    expect(screen.getByText('1 / 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('ZZZ coin');
    expect(queries.at(-1)?.get('page')).toBe('2');
  });

  it('searches as the admin types, from page 1', async () => {
    const { queries } = coinsApi((q) => page(q.get('q') ? [coin('ETH')] : [coin('BTC')]));
    renderPage();
    await screen.findByText('BTC coin');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' eth ' } });
    await screen.findByText('ETH coin');
    expect(queries.at(-1)?.get('q')).toBe('eth');
  });

  it('says Failed to load coin list. when the list cannot load', async () => {
    coinsApi(() => json({ message: 'boom' }, 500));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load coin list.');
    expect(screen.getByText('No coins found.')).toBeTruthy();
  });
});

describe('add and edit', () => {
  it('adds a coin: the symbol is upper-cased and the shared schema checks the form first', async () => {
    const bodies: unknown[] = [];
    let listed = [coin('BTC')];
    coinsApi(() => page(listed), {
      'POST /api/admin/coins': ({ body }) => {
        bodies.push(body);
        listed = [...listed, coin('ADA2', { name: 'Cardano Two' })];
        return json({ coin: coin('ADA2', { name: 'Cardano Two' }) }, 201);
      },
    });
    renderPage();
    await screen.findByText('BTC coin');
    fireEvent.click(screen.getByRole('button', { name: 'Add Currency' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Currency' });
    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: 'ada2' } });
    expect((within(dialog).getByLabelText('Symbol') as HTMLInputElement).value).toBe('ADA2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.coinNameRequired);
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Cardano Two' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The list is read again before the form closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Cardano Two')).toBeTruthy();
    expect(bodies).toEqual([
      { symbol: 'ADA2', name: 'Cardano Two', sortOrder: 0, iconUrl: null, enabled: true },
    ]);
    await expectToast(MSG.coinSaved);
  });

  it('edits a coin with its symbol read-only and shows the server’s refusal', async () => {
    const bodies: unknown[] = [];
    coinsApi(() => page([coin('BTC', { sortOrder: 3 })]), {
      'POST /api/admin/coins': ({ body }) => {
        bodies.push(body);
        return json({ statusCode: 400, error: 'Bad Request', message: MSG.coinMarketSymbolInvalid }, 400);
      },
    });
    renderPage();
    await screen.findByText('BTC coin');
    fireEvent.click(screen.getByRole('button', { name: 'Edit BTC' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit BTC' });
    const symbol = within(dialog).getByLabelText('Symbol') as HTMLInputElement;
    expect(symbol.readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Binance pair') as HTMLInputElement).value).toBe('BTCUSDT');
    fireEvent.click(within(dialog).getByLabelText(/^Enabled/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.coinMarketSymbolInvalid);
    expect(bodies).toEqual([
      {
        editing: 'BTC',
        symbol: 'BTC',
        name: 'BTC coin',
        marketSymbol: 'BTCUSDT',
        sortOrder: 3,
        iconUrl: null,
        enabled: false,
      },
    ]);
  });
});

describe('delete', () => {
  it('asks first, shows a refusal (running trades), and deletes on a later confirmation', async () => {
    let refuse = true;
    let listed = [coin('BTC'), coin('OLD')];
    const { spy } = coinsApi(() => page(listed), {
      'DELETE /api/admin/coins/OLD': () => {
        if (refuse)
          return json({ statusCode: 409, error: 'Conflict', message: MSG.coinHasRunningTrades }, 409);
        listed = [coin('BTC')];
        return { coin: coin('OLD') };
      },
    });
    renderPage();
    await screen.findByText('OLD coin');
    fireEvent.click(screen.getByRole('button', { name: 'Delete OLD' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete coin' });
    expect(within(dialog).getByText('Delete OLD (OLD coin)?')).toBeTruthy();
    const deletes = () => spy.mock.calls.filter(([, init]) => init?.method === 'DELETE').length;
    expect(deletes()).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.coinHasRunningTrades);
    expect(screen.getByText('OLD coin')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('OLD coin')).toBeNull();
    await expectToast(MSG.coinDeleted);
    expect(deletes()).toBe(2);
  });
});
