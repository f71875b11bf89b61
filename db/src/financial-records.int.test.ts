import { RECORD_BILL_SELECTIONS, type RecordBillFilter } from '@app/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import type { TradeSettingTerms } from './index.ts';
import { placeTrade, settleTrade, walletTransactions } from './index.ts';
import {
  at,
  createUser,
  fund,
  placement,
  settingWithPayout,
  uniqueSymbol,
  writeTick,
} from './money.fixtures.ts';

const client = createDb(inject('databaseUrl'), { max: 8 });
afterAll(() => client.close());
const { db } = client;

const STALE_MS = 5_000;
const ENTRY_E8 = 100_000_000n;
let setting: TradeSettingTerms; // 40 % over 40 s

/** An Up trade of `stake` paise placed and, unless `exitE8` is null, settled at that price. */
async function trade(userId: string, stake: bigint, exitE8: bigint | null): Promise<string> {
  const symbol = uniqueSymbol('R');
  const entryTick = await writeTick(db, symbol, at(0), ENTRY_E8);
  const { trade } = await placeTrade(db, placement({ userId, setting, entryTick, amountPaise: stake }));
  if (exitE8 === null) return trade.id;
  const expiry = trade.expiresAt.getTime();
  await writeTick(db, symbol, new Date(expiry - 300), exitE8);
  await writeTick(db, symbol, new Date(expiry + 1_500), 1n);
  await settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now: new Date(expiry + 2_000) });
  return trade.id;
}

/** What Financial Records lists for a Bill Type filter of the spec. */
async function listed(userId: string, filter: Exclude<RecordBillFilter, 'all'>) {
  const selection = RECORD_BILL_SELECTIONS[filter];
  const page = await walletTransactions(db, userId, {
    type: selection.types,
    tradeStatus: selection.tradeStatuses,
    sort: 'createdAt',
  });
  return page.items.map((i) => ({ type: i.type, amount: i.amount, reference: i.reference, trade: i.trade }));
}

describe('Financial Records bill type filters over real trades', () => {
  let userId: string;
  const ids = { won: '', lost: '', draw: '', running: '' };
  beforeAll(async () => {
    setting = await settingWithPayout(db, 40);
    userId = await createUser(db);
    await fund(db, userId, 1_000_000n);
    ids.won = await trade(userId, 10_000n, ENTRY_E8 + 1n);
    ids.lost = await trade(userId, 20_000n, ENTRY_E8 - 1n);
    ids.draw = await trade(userId, 30_000n, ENTRY_E8);
    ids.running = await trade(userId, 40_000n, null);
  });

  it('Trade loss lists the stakes of lost trades only, not those of won, drawn or running ones', async () => {
    expect(await listed(userId, 'trade_loss')).toEqual([
      {
        type: 'trade_stake',
        amount: 20_000n,
        reference: ids.lost,
        trade: { status: 'lost', profit: -20_000n },
      },
    ]);
  });

  it('Trade win lists the payouts of won trades with the profit beside them', async () => {
    expect(await listed(userId, 'trade_profit')).toEqual([
      { type: 'trade_payout', amount: 14_000n, reference: ids.won, trade: { status: 'won', profit: 4_000n } },
    ]);
  });

  it('a draw returns its stake as a refund, in neither trade filter', async () => {
    const all = await walletTransactions(db, userId, { sort: 'createdAt' });
    const ofDraw = all.items.filter((i) => i.reference === ids.draw);
    expect(ofDraw.map((i) => [i.type, i.direction, i.amount, i.trade?.status])).toEqual([
      ['trade_stake', 'debit', 30_000n, 'draw'],
      ['trade_refund', 'credit', 30_000n, 'draw'],
    ]);
    expect(all.items.find((i) => i.reference === ids.running)?.trade).toEqual({
      status: 'running',
      profit: null,
    });
    // Entries that are no trade's carry none.
    expect(all.items.find((i) => i.type === 'recharge')?.trade).toBeNull();
  });
});
