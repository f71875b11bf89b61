import { PRACTICE_OPENING_BALANCE_PAISE, winProfitPaise } from '@app/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { InsufficientFundsError, TradeNotRunningError } from './errors.ts';
import {
  cancelTrade,
  checkLedgerInvariants,
  getBalances,
  placeTrade,
  recomputeOutcome,
  resetPractice,
  settleTrade,
  type TradeSettingTerms,
} from './index.ts';
import {
  at,
  createUser,
  defaultSettings,
  fund,
  placement,
  uniqueSymbol,
  writeTick,
} from './money.fixtures.ts';

const client = createDb(inject('databaseUrl'), { max: 6 });
afterAll(() => client.close());
const { db } = client;

const STALE_MS = 4_000;
const ENTRY_E8 = 100_000_000n;
let settings: TradeSettingTerms[] = [];
let adminId = '';
beforeAll(async () => {
  settings = await defaultSettings(db);
  adminId = await createUser(db, 'admin');
});

type Account = 'real' | 'practice';
type Action =
  | { t: 'place'; account: Account; direction: 'up' | 'down'; amount: bigint; setting: number }
  | { t: 'settle'; pick: number; move: 'up' | 'down' | 'flat' | 'stale' }
  | { t: 'cancel'; pick: number }
  | { t: 'reset' }
  | { t: 'fund'; amount: bigint };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('place' as const),
      account: fc.constantFrom<Account>('real', 'practice'),
      direction: fc.constantFrom('up' as const, 'down' as const),
      // Up to Rs 40,000: practice runs out after a few, real often cannot cover one.
      amount: fc.bigInt({ min: 1n, max: 4_000_000n }),
      setting: fc.nat({ max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('settle' as const),
      pick: fc.nat(),
      move: fc.constantFrom('up' as const, 'down' as const, 'flat' as const, 'stale' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reset' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('fund' as const),
      amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
    }),
  },
);

type ModelTrade = {
  id: string;
  symbol: string;
  account: Account;
  direction: 'up' | 'down';
  amount: bigint;
  payoutPercent: number;
  expiry: number;
  status: 'running' | 'won' | 'lost' | 'draw' | 'void' | 'cancelled';
};

const EXIT: Record<'up' | 'down' | 'flat', bigint> = {
  up: ENTRY_E8 + 1n,
  down: ENTRY_E8 - 1n,
  flat: ENTRY_E8,
};

/** What the rules say a running trade's settlement pays, given how the price moved. */
function expected(trade: ModelTrade, move: 'up' | 'down' | 'flat' | 'stale') {
  if (move === 'stale') return { status: 'void' as const, payout: trade.amount };
  if (move === 'flat') return { status: 'draw' as const, payout: trade.amount };
  if (move !== trade.direction) return { status: 'lost' as const, payout: 0n };
  return { status: 'won' as const, payout: trade.amount + winProfitPaise(trade.amount, trade.payoutPercent) };
}

async function run(actions: Action[]) {
  const userId = await createUser(db);
  const balance: Record<Account, bigint> = { real: 0n, practice: PRACTICE_OPENING_BALANCE_PAISE };
  const placed: ModelTrade[] = [];

  for (const a of actions) {
    switch (a.t) {
      case 'fund': {
        await fund(db, userId, a.amount);
        balance.real += a.amount;
        break;
      }
      case 'reset': {
        await db.transaction((tx) => resetPractice(tx, userId));
        balance.practice = PRACTICE_OPENING_BALANCE_PAISE;
        break;
      }
      case 'place': {
        const setting = settings[a.setting]!;
        const symbol = uniqueSymbol('P');
        const entryTick = await writeTick(db, symbol, at(0), ENTRY_E8);
        const attempt = placeTrade(
          db,
          placement({
            userId,
            setting,
            entryTick,
            account: a.account,
            direction: a.direction,
            amountPaise: a.amount,
          }),
        );
        if (a.amount > balance[a.account]) {
          await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
          break;
        }
        const { trade } = await attempt;
        balance[a.account] -= a.amount;
        placed.push({
          id: trade.id,
          symbol,
          account: a.account,
          direction: a.direction,
          amount: a.amount,
          payoutPercent: setting.payoutPercent,
          expiry: trade.expiresAt.getTime(),
          status: 'running',
        });
        break;
      }
      case 'settle': {
        const trade = placed[a.pick % Math.max(1, placed.length)];
        if (!trade) break;
        if (trade.status === 'running') {
          const lag = a.move === 'stale' ? STALE_MS + 1_000 : 200;
          await writeTick(
            db,
            trade.symbol,
            new Date(trade.expiry - lag),
            a.move === 'stale' ? ENTRY_E8 : EXIT[a.move],
          );
          await writeTick(db, trade.symbol, new Date(trade.expiry + 1_500), 1n);
        }
        const result = await settleTrade(db, trade.id, {
          staleAfterMs: STALE_MS,
          now: new Date(trade.expiry + 2_000),
        });
        if (trade.status !== 'running') {
          expect(result.changed).toBe(false);
          break;
        }
        const want = expected(trade, a.move);
        expect(result.changed).toBe(true);
        expect(result.trade.status).toBe(want.status);
        expect(result.trade.payout).toBe(want.payout);
        trade.status = want.status;
        balance[trade.account] += want.payout;
        expect(result.balanceAfter).toBe(balance[trade.account]);
        break;
      }
      case 'cancel': {
        const trade = placed[a.pick % Math.max(1, placed.length)];
        if (!trade) break;
        const attempt = cancelTrade(db, trade.id, { adminId, reason: 'property test' });
        if (trade.status !== 'running') {
          await expect(attempt).rejects.toBeInstanceOf(TradeNotRunningError);
          break;
        }
        await attempt;
        trade.status = 'cancelled';
        balance[trade.account] += trade.amount;
        break;
      }
    }
    // After every step: the ledger is sound and the balances are the model's.
    expect(await checkLedgerInvariants(db)).toEqual([]);
    expect(await getBalances(db, userId)).toEqual(balance);
  }

  for (const trade of placed) {
    expect((await recomputeOutcome(db, trade.id)).matches).toBe(true);
  }
}

describe('random sequences of place, settle, cancel, reset and fund', () => {
  it('keep every ledger invariant after every step, and the balances the rules predict', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 24 }), run), {
      numRuns: 50,
    });
  }, 120_000);
});
