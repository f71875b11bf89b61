import type { VoucherType } from '@app/shared';
import { DISCLOSURE_VERSION, isUuid } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.ts';
import { IdempotencyConflictError, InvalidMoneyInputError } from './errors.ts';
import { type Posted, post } from './ledger.ts';
import { responsibleTrading } from './schema/responsible-trading.ts';
import { type TopupRow, topups } from './schema/wallet.ts';
import { callSqlFunction } from './sql-call.ts';

/**
 * Top-ups: a user's request to have money they paid outside the platform credited, with a
 * voucher image as proof. An admin decides each one once: approval credits the amount
 * (bill type recharge, against the payments account) in the transaction that marks the row,
 * rejection only marks it. The user's own settings are checked at both steps
 * (db/sql/check_deposit_allowed.sql: the risk disclosure at the request, a cool-off or
 * self-exclusion and the daily deposit limit at both, since the money moves at approval).
 * Lock order: the top-up row, the user's responsible_trading row, their ledger account.
 */

/** The one recharge a top-up can ever credit. */
export const topupApproveKey = (topupId: string) => `topup:${topupId}:approve`;

export class TopupNotFoundError extends Error {
  override name = 'TopupNotFoundError';
  readonly code = 'topup_not_found';
  constructor(readonly topupId: string) {
    super(`no top-up ${topupId}`);
  }
}

/** The top-up is approved or rejected already: decisions are final. */
export class TopupDecidedError extends Error {
  override name = 'TopupDecidedError';
  readonly code = 'topup_decided';
  constructor(
    readonly topupId: string,
    readonly status: TopupRow['status'],
  ) {
    super(`top-up ${topupId} is ${status}, not pending`);
  }
}

export type NewTopup = {
  userId: string;
  /** Paise, > 0. */
  amount: bigint;
  /** The stored file's random name in the voucher directory. */
  voucherKey: string;
  voucherType: VoucherType;
  voucherSize: number;
  idempotencyKey?: string | null;
};

export async function findTopupByKey(
  db: DbOrTx,
  userId: string,
  idempotencyKey: string,
): Promise<TopupRow | undefined> {
  const [row] = await db
    .select()
    .from(topups)
    .where(and(eq(topups.userId, userId), eq(topups.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * The user's own settings let `amount` in: `topupId` null for a new request (counted with the
 * day's pending ones), else the top-up an admin approves. Locks the user's responsible_trading
 * row until commit; refusals come back as LimitRefusalError.
 */
async function checkDeposit(
  tx: Tx,
  userId: string,
  amount: bigint,
  request: { requestedAt: Date; topupId: string } | null,
): Promise<void> {
  await callSqlFunction(
    tx,
    'check_deposit_allowed',
    '1 as ok',
    [
      [userId, 'uuid'],
      [amount.toString(), 'bigint'],
      [request ? request.requestedAt.toISOString() : null, 'timestamptz'],
      [request ? null : DISCLOSURE_VERSION, 'integer'],
      [request ? request.topupId : null, 'uuid'],
    ],
    { userId },
  );
}

/**
 * Store a pending top-up. With an idempotency key, a repeat by the same user answers the first
 * top-up (`created: false`, nothing stored), also when two arrive at once (the second waits on
 * the user's responsible_trading lock, then finds the first); the same key for another amount
 * is refused. A new one must pass the user's own settings (checkDeposit).
 */
export async function createTopup(
  db: DbOrTx,
  input: NewTopup,
): Promise<{ topup: TopupRow; created: boolean }> {
  if (input.amount <= 0n) throw new InvalidMoneyInputError('a top-up must be above 0');
  const key = input.idempotencyKey ?? null;
  return db.transaction(async (tx) => {
    await tx
      .select({ userId: responsibleTrading.userId })
      .from(responsibleTrading)
      .where(eq(responsibleTrading.userId, input.userId))
      .for('update');
    const earlier = key === null ? undefined : await findTopupByKey(tx, input.userId, key);
    if (earlier) {
      if (earlier.amount !== input.amount) throw new IdempotencyConflictError(key ?? '');
      return { topup: earlier, created: false };
    }
    await checkDeposit(tx, input.userId, input.amount, null);
    const [row] = await tx
      .insert(topups)
      .values({
        userId: input.userId,
        amount: input.amount,
        voucherKey: input.voucherKey,
        voucherType: input.voucherType,
        voucherSize: input.voucherSize,
        idempotencyKey: key,
      })
      .onConflictDoNothing({
        target: [topups.userId, topups.idempotencyKey],
        where: sql`${topups.idempotencyKey} is not null`,
      })
      .returning();
    if (row) return { topup: row, created: true };
    const first = key === null ? undefined : await findTopupByKey(tx, input.userId, key);
    if (!first) throw new Error('top-up insert returned no row');
    if (first.amount !== input.amount) throw new IdempotencyConflictError(key ?? '');
    return { topup: first, created: false };
  });
}

export type TopupDecision =
  | { decision: 'approve'; adminId: string }
  | {
      decision: 'reject';
      adminId: string;
      remarks: string;
    };

export type DecidedTopup = {
  /** The row as it was, pending, under the lock. */
  before: TopupRow;
  topup: TopupRow;
  /** The recharge credit of an approval; null for a rejection. */
  credit: Posted | null;
};

/**
 * Approve or reject a pending top-up: lock the row, refuse unless it is pending, credit the
 * amount for an approval, then set status, decided_at, decided_by and the journal entry in one
 * UPDATE (the table's topups_decided check wants them together). Concurrent decisions queue on
 * the row lock; every one after the first finds it decided. One transaction (a savepoint when
 * given a transaction: pass the caller's to commit an audit row and a notification with it).
 */
export async function decideTopup(db: DbOrTx, topupId: string, input: TopupDecision): Promise<DecidedTopup> {
  const remarks = input.decision === 'reject' ? input.remarks.trim() : null;
  if (input.decision === 'reject' && !remarks) throw new InvalidMoneyInputError('a rejection needs remarks');
  return db.transaction(async (tx) => {
    const before = await lockTopup(tx, topupId);
    if (before.status !== 'pending') throw new TopupDecidedError(before.id, before.status);
    if (input.decision === 'approve') {
      await checkDeposit(tx, before.userId, before.amount, {
        requestedAt: before.createdAt,
        topupId: before.id,
      });
    }
    const credit =
      input.decision === 'approve'
        ? await post(tx, {
            type: 'recharge',
            userId: before.userId,
            account: 'real',
            amount: before.amount,
            counterparty: 'payments',
            reference: before.id,
            remarks: 'Top-up approved',
            idempotencyKey: topupApproveKey(before.id),
            createdBy: input.adminId,
          })
        : null;
    const [topup] = await tx
      .update(topups)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        remarks,
        decidedBy: input.adminId,
        decidedAt: sql`now()`,
        journalEntryId: credit?.entryId ?? null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(topups.id, before.id), eq(topups.status, 'pending')))
      .returning();
    if (!topup) throw new Error(`top-up ${before.id} changed under its row lock`);
    return { before, topup, credit };
  });
}

async function lockTopup(tx: Tx, topupId: string): Promise<TopupRow> {
  if (!isUuid(topupId)) throw new TopupNotFoundError(topupId);
  const [row] = await tx.select().from(topups).where(eq(topups.id, topupId)).for('update');
  if (!row) throw new TopupNotFoundError(topupId);
  return row;
}
