import { randomInt, randomUUID } from 'node:crypto';
import { DISCLOSURE_VERSION, isUuid } from '@app/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidMoneyInputError,
  LimitRefusalError,
  RequestCapError,
  UnknownUserError,
} from './errors.ts';
import { type Posted, post } from './ledger.ts';
import { responsibleTrading } from './schema/responsible-trading.ts';
import { users } from './schema/users.ts';
import { type WithdrawalRow, withdrawals } from './schema/wallet.ts';

/**
 * Withdrawals: the amount leaves the user's real balance the moment they ask (bill type
 * withdrawal, against the payments account), so money on its way out can be neither traded nor
 * withdrawn twice. An admin then decides once: approval moves nothing more (the bank transfer
 * happens outside), rejection credits the amount back (withdrawal_return).
 *
 * Lock order. A request: the user row, then their ledger account. A decision: the withdrawal
 * row, then the user's ledger account. The user row is taken FOR NO KEY UPDATE: it serialises
 * a user's requests with each other and with an admin changing the hold (an UPDATE of the row),
 * but not with inserts that merely reference the user (a trade, a journal entry: their foreign
 * key checks take KEY SHARE), so a settlement holding the ledger account can never deadlock
 * against a request holding the user row.
 */

/** The one debit and the at most one return a withdrawal can ever post. */
export const withdrawalDebitKey = (withdrawalId: string) => `withdrawal:${withdrawalId}:debit`;
export const withdrawalReturnKey = (withdrawalId: string) => `withdrawal:${withdrawalId}:return`;

export type WithdrawalBank = {
  accountHolderName: string;
  bankAccountNumber: string;
  bankName: string;
  ifscCode: string;
};

export class WithdrawalNotFoundError extends Error {
  override name = 'WithdrawalNotFoundError';
  readonly code = 'withdrawal_not_found';
  constructor(readonly withdrawalId: string) {
    super(`no withdrawal ${withdrawalId}`);
  }
}

/** The withdrawal is approved or rejected already: decisions are final. */
export class WithdrawalDecidedError extends Error {
  override name = 'WithdrawalDecidedError';
  readonly code = 'withdrawal_decided';
  constructor(
    readonly withdrawalId: string,
    readonly status: WithdrawalRow['status'],
  ) {
    super(`withdrawal ${withdrawalId} is ${status}, not pending`);
  }
}

/** The saved profile lacks a bank field and the request brought none: nowhere to send the money. */
export class WithdrawalBankRequiredError extends Error {
  override name = 'WithdrawalBankRequiredError';
  readonly code = 'withdrawal_bank_required';
  constructor(readonly userId: string) {
    super(`user ${userId} has no complete bank details`);
  }
}

/** The amount is above max(0, balance - hold); nothing was moved. */
export class WithdrawalAboveAvailableError extends Error {
  override name = 'WithdrawalAboveAvailableError';
  readonly code = 'withdrawal_above_available';
  constructor(
    readonly userId: string,
    /** Paise the user could withdraw when the request was refused. */
    readonly available: bigint,
    /** Paise asked for. */
    readonly amount: bigint,
  ) {
    super(`withdrawal of ${amount} paise refused: ${available} paise available`);
  }
}

export type NewWithdrawal = {
  userId: string;
  /** Paise, > 0. */
  amount: bigint;
  /**
   * Bank details to save to the profile first (checked by the caller); null or absent: the
   * saved profile's, which must then be complete.
   */
  bank?: WithdrawalBank | null;
  idempotencyKey?: string | null;
  /** Withdrawals the user may have waiting for review at once; absent: no cap. */
  maxPending?: number;
  /** The day in the transaction number (Asia/Kolkata); now by default. */
  now?: Date;
};

export type CreatedWithdrawal = {
  withdrawal: WithdrawalRow;
  /** False when the idempotency key found an earlier request: nothing was saved or moved now. */
  created: boolean;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const IST_OFFSET_MS = 330 * 60_000;
/** A clash needs the same 6 random characters on the same day (1 in 2^30): a few draws suffice. */
const TRX_ATTEMPTS = 5;

/** `WD` + the day in India (yymmdd) + 6 random base32 characters, e.g. `WD260102K7QZ2M`. */
export function generateTrxNumber(now: Date = new Date()): string {
  const day = new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(2, 10).replaceAll('-', '');
  let random = '';
  for (let i = 0; i < 6; i++) random += BASE32[randomInt(32)];
  return `WD${day}${random}`;
}

/** Thrown inside the transaction to roll back a request whose transaction number was taken. */
class TrxNumberTakenError extends Error {}

export async function findWithdrawalByKey(
  db: DbOrTx,
  userId: string,
  idempotencyKey: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
  return row;
}

const hasAll = (b: { [K in keyof WithdrawalBank]: string | null }): b is WithdrawalBank =>
  Boolean(b.accountHolderName && b.bankAccountNumber && b.bankName && b.ifscCode);

/**
 * A pending withdrawal, with its amount debited, in one transaction (a savepoint when given
 * one): lock the user row, answer a repeated idempotency key with the first request, check the
 * risk disclosure is accepted and the cap on pending withdrawals, save the bank details if sent, debit, check the hold, store the row with the bank snapshot. Refused
 * (and nothing kept) when the balance or the hold does not leave the amount available.
 */
export async function createWithdrawal(db: DbOrTx, input: NewWithdrawal): Promise<CreatedWithdrawal> {
  if (input.amount <= 0n) throw new InvalidMoneyInputError('a withdrawal must be above 0');
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => createOnce(tx, input));
    } catch (error) {
      if (!(error instanceof TrxNumberTakenError) || attempt >= TRX_ATTEMPTS) throw error;
    }
  }
}

async function createOnce(tx: Tx, input: NewWithdrawal): Promise<CreatedWithdrawal> {
  const { userId, amount } = input;
  const key = input.idempotencyKey ?? null;
  const [user] = await tx
    .select({
      freezAmount: users.freezAmount,
      accountHolderName: users.accountHolderName,
      bankAccountNumber: users.bankAccountNumber,
      bankName: users.bankName,
      ifscCode: users.ifscCode,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!user) throw new UnknownUserError(userId);

  // Every request of this user waits for the lock above, so a retry finds a committed first one.
  if (key !== null) {
    const first = await findWithdrawalByKey(tx, userId, key);
    if (first) {
      if (first.amount !== amount) throw new IdempotencyConflictError(key);
      return { withdrawal: first, created: false };
    }
  }

  // The risk disclosure is the one setting of the user's own that a withdrawal meets: a
  // cool-off or self-exclusion never keeps the user's money from them.
  const [settings] = await tx
    .select({ version: responsibleTrading.disclosureVersion })
    .from(responsibleTrading)
    .where(eq(responsibleTrading.userId, userId));
  if ((settings?.version ?? 0) < DISCLOSURE_VERSION) throw new LimitRefusalError('disclosure_required');

  if (input.maxPending !== undefined) {
    const [pending] = await tx
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
    if ((pending?.n ?? 0) >= input.maxPending) throw new RequestCapError('pending_withdrawals');
  }

  let bank: WithdrawalBank;
  if (input.bank) {
    bank = input.bank;
    await tx
      .update(users)
      .set({ ...bank, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  } else if (hasAll(user)) {
    bank = user;
  } else {
    throw new WithdrawalBankRequiredError(userId);
  }

  const id = randomUUID();
  const trxNumber = generateTrxNumber(input.now);
  let debit: Posted;
  try {
    debit = await post(tx, {
      type: 'withdrawal',
      userId,
      account: 'real',
      amount: -amount,
      counterparty: 'payments',
      reference: id,
      remarks: `Withdrawal ${trxNumber}`,
      idempotencyKey: withdrawalDebitKey(id),
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new WithdrawalAboveAvailableError(userId, available(error.balance, user.freezAmount), amount);
    }
    throw error;
  }
  // The hold cannot change under the row lock; the balance is the one this debit left.
  if (debit.balanceAfter < user.freezAmount) {
    const before = debit.balanceAfter + amount;
    throw new WithdrawalAboveAvailableError(userId, available(before, user.freezAmount), amount);
  }

  const [row] = await tx
    .insert(withdrawals)
    .values({
      id,
      trxNumber,
      userId,
      amount,
      accountHolderName: bank.accountHolderName,
      bankAccountNumber: bank.bankAccountNumber,
      bankName: bank.bankName,
      ifscCode: bank.ifscCode,
      idempotencyKey: key,
      debitEntryId: debit.entryId,
    })
    .onConflictDoNothing({ target: withdrawals.trxNumber })
    .returning();
  if (!row) throw new TrxNumberTakenError();
  return { withdrawal: row, created: true };
}

const available = (balance: bigint, hold: bigint) => (balance > hold ? balance - hold : 0n);

export type WithdrawalDecisionInput = {
  decision: 'approve' | 'reject';
  adminId: string;
  /** Required for both: the user is told why. */
  remarks: string;
};

export type DecidedWithdrawal = {
  /** The row as it was, pending, under the lock. */
  before: WithdrawalRow;
  withdrawal: WithdrawalRow;
  /** The withdrawal_return credit of a rejection; null for an approval. */
  returned: { entryId: bigint; balanceAfter: bigint } | null;
};

/**
 * Approve or reject a pending withdrawal: lock the row, refuse unless it is pending, credit the
 * amount back for a rejection, then set status, remarks, decided_by, decided_at (and the return
 * entry) in one UPDATE, as the table's checks want them together. Concurrent decisions queue on
 * the row lock; every one after the first finds it decided. One transaction (a savepoint when
 * given one: pass the caller's to commit an audit row and a notification with it).
 */
export async function decideWithdrawal(
  db: DbOrTx,
  withdrawalId: string,
  input: WithdrawalDecisionInput,
): Promise<DecidedWithdrawal> {
  const remarks = input.remarks.trim();
  if (!remarks) throw new InvalidMoneyInputError('a withdrawal decision needs remarks');
  return db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, withdrawalId);
    if (before.status !== 'pending') throw new WithdrawalDecidedError(before.id, before.status);
    const returned =
      input.decision === 'reject'
        ? await post(tx, {
            type: 'withdrawal_return',
            userId: before.userId,
            account: 'real',
            amount: before.amount,
            counterparty: 'payments',
            reference: before.id,
            remarks: `Withdrawal ${before.trxNumber} rejected: ${remarks}`,
            idempotencyKey: withdrawalReturnKey(before.id),
            createdBy: input.adminId,
          })
        : null;
    const [withdrawal] = await tx
      .update(withdrawals)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        remarks,
        decidedBy: input.adminId,
        decidedAt: sql`now()`,
        returnEntryId: returned?.entryId ?? null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(withdrawals.id, before.id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!withdrawal) throw new Error(`withdrawal ${before.id} changed under its row lock`);
    return {
      before,
      withdrawal,
      returned: returned && { entryId: returned.entryId, balanceAfter: returned.balanceAfter },
    };
  });
}

async function lockWithdrawal(tx: Tx, withdrawalId: string): Promise<WithdrawalRow> {
  if (!isUuid(withdrawalId)) throw new WithdrawalNotFoundError(withdrawalId);
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  if (!row) throw new WithdrawalNotFoundError(withdrawalId);
  return row;
}
