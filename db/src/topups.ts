import type { VoucherType } from '@app/shared';
import { DISCLOSURE_VERSION, isUuid } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.ts';
import { IdempotencyConflictError, InvalidMoneyInputError, RequestCapError } from './errors.ts';
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

/** A user's caps on new top-ups; absent: none. */
export type TopupCaps = {
  /** Top-ups waiting for review at once. */
  pending: number;
  /** Voucher bytes of the user's pending top-ups and of those sent within VOUCHER_STORAGE_WINDOW. */
  voucherBytes: number;
};

/** The recent past whose vouchers count towards a user's storage, with any still pending. */
export const VOUCHER_STORAGE_WINDOW = '1 day';

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
 * is refused. A new one must pass the user's own settings (checkDeposit, which needs the
 * row locked above: a user without one is refused) and the caps given (checkCaps).
 */
export async function createTopup(
  db: DbOrTx,
  input: NewTopup,
  caps?: TopupCaps,
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
    if (caps) await checkCaps(tx, input, caps);
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

/** Refuses a new top-up over the user's caps; the caller holds the user's lock. */
async function checkCaps(tx: Tx, input: NewTopup, caps: TopupCaps): Promise<void> {
  const [row] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${topups.status} = 'pending')::int`,
      bytes: sql<number>`coalesce(sum(${topups.voucherSize}), 0)::float8`,
    })
    .from(topups)
    .where(
      and(
        eq(topups.userId, input.userId),
        sql`(${topups.status} = 'pending' or ${topups.createdAt} > now() - ${VOUCHER_STORAGE_WINDOW}::interval)`,
      ),
    );
  if ((row?.pending ?? 0) >= caps.pending) throw new RequestCapError('pending_topups');
  if ((row?.bytes ?? 0) + input.voucherSize > caps.voucherBytes) throw new RequestCapError('voucher_storage');
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
