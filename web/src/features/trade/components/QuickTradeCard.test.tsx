import '../../../i18n/index.ts';
import { IDEMPOTENCY_HEADER, MSG, type PlaceTradeBody } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountMode } from '../../../lib/account-mode.ts';
import { useSession } from '../../../lib/session/index.ts';
import { connectionStore, realtime } from '../../../lib/socket.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { SETTINGS, settled, trade } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { useTradeFlow } from '../stores/use-trade-flow.ts';
import { QuickTradeCard } from './QuickTradeCard.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { from?: string; notice?: string } | null;
  return (
    <p data-testid="login-probe">
      {state?.from} | {state?.notice}
    </p>
  );
}

function renderCard() {
  return render(
    <MemoryRouter initialEntries={['/trade/BTC-INR']}>
      <Routes>
        <Route
          path="/trade/:pair"
          element={<QuickTradeCard symbol="BTC" price={<span data-testid="price">₹54,00,000.00</span>} />}
        />
        <Route path="/login" element={<LoginProbe />} />
        <Route path="/orders" element={<p>orders page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const settingsApi = { 'GET /api/trade-setting': () => ({ data: SETTINGS }) };
const amountInput = () => screen.getByLabelText('Amount (INR)') as HTMLInputElement;
const upButton = () => screen.getByRole('button', { name: 'Trade Up' }) as HTMLButtonElement;
const downButton = () => screen.getByRole('button', { name: 'Trade Down' }) as HTMLButtonElement;
const type = (value: string) => fireEvent.change(amountInput(), { target: { value } });

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.clear();
  useAccountMode.setState({ mode: 'real' });
  useSession.setState({
    token: 'tok',
    user: user({ balance: 500, practiceBalance: 100_000 }),
    status: 'ready',
  });
  connectionStore.getState().setFeed({ source: 'binance', state: 'live', simulated: false, since: 1 });
});

afterEach(() => {
  cleanup();
  useTradeFlow.getState().abandon();
  vi.restoreAllMocks();
});

describe('Quick Trade card', () => {
  it('offers the durations shortest first with payout and time, the shortest selected', async () => {
    mockApi(settingsApi);
    renderCard();
    const buttons = await screen.findAllByTestId('duration');
    expect(buttons.map((b) => b.textContent)).toEqual(['20%20 s', '40%40 s', '60%60 s']);
    expect(buttons[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('break-even').textContent).toBe('Break-even: 83.3 % wins');
    fireEvent.click(buttons[1] as HTMLElement);
    expect(buttons[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('break-even').textContent).toBe('Break-even: 71.4 % wins');
    expect(screen.getByTestId('price').textContent).toBe('₹54,00,000.00');
  });

  it('shows a trading halt with its reason and keeps the buttons off until the halt ends live', async () => {
    const since = '2026-01-01T00:00:00.000Z';
    mockApi({
      ...settingsApi,
      'GET /api/trading-halt': () => ({ halts: [{ symbol: 'BTC', reason: 'Exchange incident', since }] }),
    });
    renderCard();
    const banner = await screen.findByTestId('trading-halt');
    expect(banner.textContent).toContain('Trading in BTC is paused: Exchange incident');
    type('100');
    expect(upButton().disabled).toBe(true);
    expect(downButton().disabled).toBe(true);

    act(() => server().serverEmit('trading:halt', { halts: [] }));
    expect(screen.queryByTestId('trading-halt')).toBeNull();
    expect(upButton().disabled).toBe(false);
    // Another coin's halt leaves this one open; the platform's closes it.
    act(() => server().serverEmit('trading:halt', { halts: [{ symbol: 'ETH', reason: 'x', since }] }));
    expect(upButton().disabled).toBe(false);
    act(() =>
      server().serverEmit('trading:halt', { halts: [{ symbol: null, reason: 'Maintenance', since }] }),
    );
    expect(screen.getByTestId('trading-halt').textContent).toContain('Trading is paused: Maintenance');
    expect(upButton().disabled).toBe(true);
  });

  it('enables the buttons only for a valid amount within the balance, with the spec messages', async () => {
    mockApi(settingsApi);
    renderCard();
    await screen.findAllByTestId('duration');
    expect(screen.getByTestId('trade-balance').textContent).toBe('₹500.00');
    expect(upButton().disabled).toBe(true);
    expect(downButton().disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    type('0');
    expect(screen.getByRole('alert').textContent).toBe(MSG.tradeAmountInvalid);
    expect(upButton().disabled).toBe(true);

    type('600');
    expect(screen.getByRole('alert').textContent).toBe(MSG.insufficientBalance);
    expect(upButton().disabled).toBe(true);

    type('100');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(upButton().disabled).toBe(false);
    expect(downButton().disabled).toBe(false);
    expect(screen.getByTestId('potential-profit').textContent).toBe('₹20.00');
    fireEvent.click(screen.getAllByTestId('duration')[2] as HTMLElement);
    expect(screen.getByTestId('potential-profit').textContent).toBe('₹60.00');
  });

  it('asks to select a duration when none can be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /api/trade-setting': () => new Response('', { status: 500 }) });
    renderCard();
    type('100');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.selectTradeSetting);
    expect(upButton().disabled).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('uses the practice balance in practice mode', async () => {
    mockApi(settingsApi);
    useAccountMode.getState().setMode('practice');
    renderCard();
    await screen.findAllByTestId('duration');
    expect(screen.getByTestId('trade-balance').textContent).toBe('₹1,00,000.00');
    expect(screen.getByTestId('practice-badge').textContent).toBe('Practice');
    type('600');
    expect(upButton().disabled).toBe(false);
  });

  it('sends a visitor to log in, remembering where they were', async () => {
    mockApi(settingsApi);
    useSession.setState({ token: null, user: null });
    renderCard();
    await screen.findAllByTestId('duration');
    expect(screen.getByText(MSG.loginToTrade)).toBeTruthy();
    type('100');
    fireEvent.click(upButton());
    expect((await screen.findByTestId('login-probe')).textContent).toBe(
      `/trade/BTC-INR | ${MSG.loginToTrade}`,
    );
  });

  it('on the simulated feed says real trading is refused and offers practice', async () => {
    mockApi(settingsApi);
    connectionStore.getState().setFeed({ source: 'simulated', state: 'live', simulated: true, since: 2 });
    renderCard();
    const note = await screen.findByTestId('simulated-real');
    expect(note.textContent).toContain(MSG.simulatedRealRefused);
    fireEvent.click(within(note).getByRole('button', { name: 'Switch to Practice' }));
    expect(useAccountMode.getState().mode).toBe('practice');
    expect(screen.queryByTestId('simulated-real')).toBeNull();
  });

  it('places a trade, counts down on the server clock, settles on the event and closes to /orders', async () => {
    const sent: Array<{ body: PlaceTradeBody; key: string | null }> = [];
    // The server's clock is 30 s ahead of this device's: the countdown must still show ~2 s.
    const skew = 30_000;
    let placed = trade();
    mockApi({
      ...settingsApi,
      'POST /api/trades': ({ body, headers }) => {
        sent.push({ body: body as PlaceTradeBody, key: headers.get(IDEMPOTENCY_HEADER) });
        const serverTime = Date.now() + skew;
        placed = trade({
          account: 'practice',
          createdAt: new Date(serverTime).toISOString(),
          expiresAt: new Date(serverTime + 1_500).toISOString(),
          durationSeconds: 20,
        });
        return { trade: placed, balances: { real: 500, practice: 99_900 }, serverTime };
      },
    });
    useAccountMode.getState().setMode('practice');
    renderCard();
    await screen.findAllByTestId('duration');
    type('100');
    fireEvent.click(upButton());

    const modal = await screen.findByTestId('trade-modal');
    await waitFor(() => expect(modal.getAttribute('data-phase')).toBe('countdown'));
    expect(sent).toEqual([
      {
        body: { amount: 100, settingId: 1, symbol: 'BTC', direction: 'up', account: 'practice' },
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect(Number(screen.getByTestId('countdown').getAttribute('data-seconds'))).toBe(2);
    expect(screen.getByTestId('trade-balance').textContent).toBe('₹99,900.00');
    // Inputs are disabled meanwhile. Closing the countdown leaves the trade in progress (the
    // buttons still wait) and on the page; it can be opened again.
    expect(amountInput().disabled).toBe(true);
    expect(upButton().disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('trade-modal')).toBeNull();
    expect(upButton().disabled).toBe(true);
    const waiting = screen.getByTestId('trade-waiting');
    const reopen = within(waiting).getByRole('button', { name: 'Show countdown' });
    expect(document.activeElement).toBe(reopen);
    fireEvent.click(reopen);
    expect(screen.getByTestId('trade-modal').getAttribute('data-phase')).toBe('countdown');
    fireEvent.click(screen.getByTestId('hide-countdown'));
    expect(screen.queryByTestId('trade-modal')).toBeNull();

    // The result opens the modal again by itself.
    await waitFor(() => expect(useTradeFlow.getState().phase).toBe('settling'), { timeout: 3_000 });
    act(() => useTradeFlow.getState().show());
    expect(screen.getByTestId('settling').textContent).toBe('Settling…');
    act(() => useTradeFlow.getState().hide());

    act(() => {
      server().serverEmit('trade:settled', {
        trade: settled(placed),
        balances: { real: 500, practice: 100_020 },
      });
    });
    const result = await screen.findByTestId('trade-result');
    expect(result.getAttribute('data-outcome')).toBe('win');
    expect(within(result).getByTestId('profit').textContent).toBe('+₹20.00');
    expect(within(result).getByTestId('entry-price').textContent).toContain('65,000.12 USDT');
    expect(within(result).getByTestId('exit-price').textContent).toContain('65,010.12 USDT');
    expect(screen.getByTestId('trade-balance').textContent).toBe('₹1,00,020.00');

    const close = screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLButtonElement;
    fireEvent.click(close);
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect(useTradeFlow.getState().phase).toBe('idle');
  });

  it('shows the server refusal inside the modal and no result', async () => {
    mockApi({
      ...settingsApi,
      'POST /api/trades': () =>
        new Response(
          JSON.stringify({ statusCode: 409, error: 'Conflict', message: MSG.simulatedRealRefused }),
          {
            status: 409,
          },
        ),
    });
    renderCard();
    await screen.findAllByTestId('duration');
    type('100');
    fireEvent.click(downButton());
    const modal = await screen.findByTestId('trade-modal');
    await waitFor(() => expect(modal.getAttribute('data-phase')).toBe('failed'));
    expect(within(modal).getByRole('alert').textContent).toBe(MSG.simulatedRealRefused);
    expect(screen.queryByTestId('trade-result')).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Switch to Practice' }));
    expect(useAccountMode.getState().mode).toBe('practice');
    expect(screen.queryByTestId('trade-modal')).toBeNull();
  });
});
