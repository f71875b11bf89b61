import type { PlaceTradeResponse as Placement } from '@app/shared';
import {
  type Balances,
  MSG,
  type PlaceTradeBody,
  type Trade,
  type TradeDirection,
  type TradeSettledEvent,
} from '@app/shared';
import { create } from 'zustand';
import { ApiError, serverMessageOr } from '../../../lib/api.ts';
import { clockOffset, remainingMs, rememberClockOffset } from '../../../lib/server-clock.ts';
import { isRunning } from '../../../lib/trades.ts';

/**
 * One trade from the click to its result: placing → countdown → settling → result, or failed.
 * The browser only asks; the server places, times and settles. The countdown runs on the
 * server's clock; the result comes from the `trade:settled` event for this trade, or, if that
 * event was missed (a reconnect), from polling the trade after it should have settled.
 */

export type FlowPhase = 'idle' | 'placing' | 'countdown' | 'settling' | 'result' | 'failed';

export interface FlowState {
  phase: FlowPhase;
  direction: TradeDirection | null;
  trade: Trade | null;
  /** serverTime - Date.now() when the placement answer arrived. */
  offset: number;
  /** Why the trade was not placed (a spec message or the server's). */
  error: string | null;
  /** The countdown was closed: the trade runs on, shown on the page; its result opens again. */
  hidden: boolean;
  place: (body: PlaceTradeBody) => Promise<void>;
  /** Back to idle (Close on the result or the failure). Ignored while a trade runs. */
  reset: () => void;
  /** Closes the countdown while the trade runs (the buttons still wait for its result). */
  hide: () => void;
  /** Opens the countdown again. */
  show: () => void;
  /** Drops everything, whatever the phase (sign-out). */
  abandon: () => void;
}

export interface FlowDeps {
  placeTrade: (body: PlaceTradeBody, idempotencyKey: string) => Promise<Placement>;
  getTrade: (id: string) => Promise<Trade>;
  onSettled: (listener: (event: TradeSettledEvent) => void) => () => void;
  applyBalances: (balances: Balances) => void;
  /** After a result found by polling (no event carried the balances). */
  refreshBalances: () => void;
  newKey: () => string;
  now?: () => number;
  /** Waits before retrying a placement that got no answer (same key). */
  retryDelaysMs?: readonly number[];
  /** The fallback poll starts this long after expiry and repeats every pollEveryMs. */
  pollAfterMs?: number;
  pollEveryMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTradeFlow(deps: FlowDeps) {
  const now = deps.now ?? Date.now;
  const retryDelays = deps.retryDelaysMs ?? [500, 1500];
  const pollAfterMs = deps.pollAfterMs ?? 5000;
  const pollEveryMs = deps.pollEveryMs ?? 2000;

  let timers: Array<ReturnType<typeof setTimeout>> = [];
  let unlisten: (() => void) | null = null;
  // Bumped by every new trade and by abandon: late answers of an older one are dropped.
  let run = 0;
  // Settled events that arrived while the placement answer was on its way.
  const early = new Map<string, TradeSettledEvent>();

  const clearTimers = () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
  };
  const stopListening = () => {
    unlisten?.();
    unlisten = null;
    early.clear();
  };

  return create<FlowState>()((set, get) => {
    const finish = (mine: number, trade: Trade) => {
      if (mine !== run || isRunning(trade)) return;
      clearTimers();
      stopListening();
      set({ phase: 'result', trade, hidden: false });
    };

    const poll = (mine: number, id: string) => {
      if (mine !== run || get().phase !== 'settling') return;
      deps
        .getTrade(id)
        .then((trade) => {
          if (trade && !isRunning(trade) && mine === run) {
            finish(mine, trade);
            deps.refreshBalances();
          }
        })
        .catch(() => {
          // the next poll tries again
        })
        .finally(() => {
          if (mine === run && get().phase === 'settling') {
            timers.push(setTimeout(() => poll(mine, id), pollEveryMs));
          }
        });
    };

    const startCountdown = (mine: number, placement: Placement, receivedAt: number) => {
      const offset = clockOffset(placement.serverTime, receivedAt);
      rememberClockOffset(offset);
      const { trade } = placement;
      set({ phase: 'countdown', trade, offset, error: null });
      const left = remainingMs(trade.expiresAt, offset, now());
      timers.push(
        setTimeout(() => {
          if (mine === run && get().phase === 'countdown') set({ phase: 'settling' });
        }, left),
        setTimeout(() => poll(mine, trade.id), left + pollAfterMs),
      );
      const settled = early.get(trade.id);
      early.clear();
      if (settled) {
        finish(mine, settled.trade);
        deps.applyBalances(settled.balances);
      }
    };

    return {
      phase: 'idle',
      direction: null,
      trade: null,
      offset: 0,
      error: null,
      hidden: false,

      place: async (body) => {
        if (get().phase !== 'idle') return;
        const mine = ++run;
        clearTimers();
        stopListening();
        set({ phase: 'placing', direction: body.direction, trade: null, error: null, hidden: false });
        unlisten = deps.onSettled((event) => {
          const current = get().trade;
          if (current && current.id === event.trade.id) {
            finish(mine, event.trade);
            deps.applyBalances(event.balances);
          } else if (!current && mine === run) early.set(event.trade.id, event);
        });

        // One key for this click: a retry after a lost answer cannot place the trade twice.
        const key = deps.newKey();
        for (let attempt = 0; ; attempt++) {
          try {
            const placement = await deps.placeTrade(body, key);
            if (mine !== run) return;
            deps.applyBalances(placement.balances);
            startCountdown(mine, placement, now());
            return;
          } catch (error) {
            if (mine !== run) return;
            const delay = retryDelays[attempt];
            const noAnswer = error instanceof ApiError && error.status === 0;
            if (noAnswer && delay !== undefined) {
              await sleep(delay);
              if (mine !== run) return;
              continue;
            }
            stopListening();
            set({ phase: 'failed', error: serverMessageOr(error, MSG.tradeRecordFailed) });
            return;
          }
        }
      },

      reset: () => {
        const { phase } = get();
        if (phase !== 'result' && phase !== 'failed') return;
        set({ phase: 'idle', direction: null, trade: null, error: null, hidden: false });
      },

      hide: () => {
        const { phase } = get();
        if (phase === 'countdown' || phase === 'settling') set({ hidden: true });
      },

      show: () => set({ hidden: false }),

      abandon: () => {
        run++;
        clearTimers();
        stopListening();
        set({ phase: 'idle', direction: null, trade: null, error: null, offset: 0, hidden: false });
      },
    };
  });
}

export type TradeFlowStore = ReturnType<typeof createTradeFlow>;
