import type { PlaceTradeResponse as Placement } from '@app/shared';
import { type Balances, MSG, type PlaceTradeBody, type Trade, type TradeSettledEvent } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { settled, trade } from '../../../test/fixtures.ts';
import { createTradeFlow, type FlowDeps } from './trade-flow.ts';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const body: PlaceTradeBody = {
  amount: 100,
  settingId: 1,
  symbol: 'BTC',
  direction: 'up',
  account: 'practice',
};
const BALANCES: Balances = { real: 500, practice: 99_900 };

function harness(options: { serverSkewMs?: number } = {}) {
  // The server's clock is `serverSkewMs` ahead of the device's.
  const skew = options.serverSkewMs ?? 0;
  const listeners = new Set<(event: TradeSettledEvent) => void>();
  const placed = trade({
    createdAt: new Date(T0 + skew).toISOString(),
    expiresAt: new Date(T0 + skew + 20_000).toISOString(),
  });
  const deps = {
    placeTrade: vi.fn<FlowDeps['placeTrade']>(async () => ({
      trade: placed,
      balances: BALANCES,
      serverTime: Date.now() + skew,
    })),
    getTrade: vi.fn<FlowDeps['getTrade']>(async () => placed),
    onSettled: (listener: (event: TradeSettledEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyBalances: vi.fn<FlowDeps['applyBalances']>(),
    refreshBalances: vi.fn<FlowDeps['refreshBalances']>(),
    newKey: vi.fn(() => `key-${Math.random().toString(36).slice(2, 12)}`),
  };
  const flow = createTradeFlow(deps);
  const emit = (t: Trade) => {
    for (const l of [...listeners]) l({ trade: t, balances: { real: 500, practice: 100_020 } });
  };
  return { deps, flow, placed, emit, listeners };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trade flow', () => {
  it('places once per click with a fresh Idempotency-Key and applies the balances it returns', async () => {
    const { deps, flow } = harness();
    await flow.getState().place(body);
    expect(deps.placeTrade).toHaveBeenCalledTimes(1);
    expect(deps.placeTrade.mock.calls[0]?.[0]).toEqual(body);
    expect(deps.applyBalances).toHaveBeenCalledWith(BALANCES);
    expect(flow.getState().phase).toBe('countdown');
    // A second click while one runs does nothing.
    await flow.getState().place(body);
    expect(deps.placeTrade).toHaveBeenCalledTimes(1);
  });

  it('counts down on the server clock and settles only on the trade:settled event of this trade', async () => {
    // The device clock is 7 s behind the server's: the countdown still lasts 20 s.
    const { deps, flow, placed, emit } = harness({ serverSkewMs: 7_000 });
    await flow.getState().place(body);
    expect(flow.getState().offset).toBe(7_000);
    await vi.advanceTimersByTimeAsync(19_900);
    expect(flow.getState().phase).toBe('countdown');
    await vi.advanceTimersByTimeAsync(200);
    expect(flow.getState().phase).toBe('settling');

    emit(settled(trade())); // someone else's trade
    expect(flow.getState().phase).toBe('settling');
    emit(placed); // still running: not a result
    expect(flow.getState().phase).toBe('settling');
    const done = settled(placed);
    emit(done);
    expect(flow.getState().phase).toBe('result');
    expect(flow.getState().trade).toEqual(done);
    expect(deps.applyBalances).toHaveBeenLastCalledWith({ real: 500, practice: 100_020 });
  });

  it('shows a result that arrives during the countdown (an admin cancellation)', async () => {
    const { flow, placed, emit } = harness();
    await flow.getState().place(body);
    emit({ ...placed, status: 'cancelled', result: null, reason: 'Feed incident', profit: 0, payout: 100 });
    expect(flow.getState().phase).toBe('result');
    expect(flow.getState().trade?.reason).toBe('Feed incident');
  });

  it('polls the trade every 2 s from 5 s after expiry when the event was missed', async () => {
    const { deps, flow, placed, listeners } = harness();
    await flow.getState().place(body);
    await vi.advanceTimersByTimeAsync(20_000 + 4_900);
    expect(deps.getTrade).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(deps.getTrade).toHaveBeenCalledTimes(1);
    expect(deps.getTrade).toHaveBeenCalledWith(placed.id);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(deps.getTrade).toHaveBeenCalledTimes(2);
    expect(flow.getState().phase).toBe('settling');

    deps.getTrade.mockRejectedValueOnce(new ApiError(0, null)); // a failed poll is retried
    await vi.advanceTimersByTimeAsync(2_000);
    const done = settled(placed, { status: 'lost', result: 'Loss', profit: -100, payout: null });
    deps.getTrade.mockResolvedValue(done);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(flow.getState().phase).toBe('result');
    expect(flow.getState().trade).toEqual(done);
    expect(deps.refreshBalances).toHaveBeenCalled();
    expect(listeners.size).toBe(0);
    const calls = deps.getTrade.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(deps.getTrade.mock.calls.length).toBe(calls);
  });

  it('shows the server message when placement is refused, and the spec message otherwise', async () => {
    const refused = harness();
    refused.deps.placeTrade.mockRejectedValueOnce(new ApiError(409, MSG.simulatedRealRefused));
    await refused.flow.getState().place({ ...body, account: 'real' });
    expect(refused.flow.getState()).toMatchObject({
      phase: 'failed',
      error: MSG.simulatedRealRefused,
      trade: null,
    });

    const broken = harness();
    broken.deps.placeTrade.mockRejectedValueOnce(new ApiError(500, null));
    await broken.flow.getState().place(body);
    expect(broken.flow.getState()).toMatchObject({ phase: 'failed', error: MSG.tradeRecordFailed });
    broken.flow.getState().reset();
    expect(broken.flow.getState().phase).toBe('idle');
  });

  it('retries a request that got no answer with the same key, and a new click gets a new key', async () => {
    const { deps, flow } = harness();
    deps.placeTrade.mockRejectedValueOnce(new ApiError(0, null)).mockRejectedValueOnce(new ApiError(0, null));
    const placing = flow.getState().place(body);
    await vi.advanceTimersByTimeAsync(2_500);
    await placing;
    expect(deps.placeTrade).toHaveBeenCalledTimes(3);
    const keys = deps.placeTrade.mock.calls.map((c) => c[1]);
    expect(new Set(keys).size).toBe(1);
    expect(flow.getState().phase).toBe('countdown');

    flow.getState().abandon();
    await flow.getState().place(body);
    expect(deps.placeTrade.mock.calls[3]?.[1]).not.toBe(keys[0]);
  });

  it('gives up after the retries with the spec message', async () => {
    const { deps, flow } = harness();
    deps.placeTrade.mockRejectedValue(new ApiError(0, null));
    const placing = flow.getState().place(body);
    await vi.advanceTimersByTimeAsync(5_000);
    await placing;
    expect(deps.placeTrade).toHaveBeenCalledTimes(3);
    expect(flow.getState()).toMatchObject({ phase: 'failed', error: MSG.tradeRecordFailed });
  });

  it('cannot be reset while the trade runs; abandon drops it and its late answers', async () => {
    const { deps, flow, placed, emit } = harness();
    await flow.getState().place(body);
    flow.getState().reset();
    expect(flow.getState().phase).toBe('countdown');
    flow.getState().abandon();
    expect(flow.getState().phase).toBe('idle');
    emit(settled(placed));
    expect(flow.getState().phase).toBe('idle');

    // An answer that arrives after abandon is dropped.
    let answer: (p: Placement) => void = () => {};
    deps.placeTrade.mockImplementationOnce(
      () =>
        new Promise<Placement>((resolve) => {
          answer = resolve;
        }),
    );
    const placing = flow.getState().place(body);
    flow.getState().abandon();
    answer({ trade: placed, balances: { real: 0, practice: 0 }, serverTime: Date.now() });
    await placing;
    expect(flow.getState().phase).toBe('idle');
  });
});
