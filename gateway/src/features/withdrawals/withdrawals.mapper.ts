import type { WalletTransaction, WithdrawalRow } from '@app/db';
import {
  type AdminWithdrawal,
  type BankDetails,
  paiseToRupees,
  type RequestUser,
  type Withdrawal,
  type WithdrawalDetail,
} from '@app/shared';
import { toWalletTransaction } from '../wallet/wallet.mapper.ts';

/**
 * Withdrawals as the API speaks them: rupees, ISO times. No fee is charged and INR goes out as
 * INR, so charge is what the row says (0) and rate is 1. The history is derived from the row:
 * requested, then the one decision with its remarks.
 */
export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  const history: Withdrawal['history'] = [
    { status: 'pending', at: row.createdAt.toISOString(), remarks: null },
  ];
  if (row.status !== 'pending' && row.decidedAt) {
    history.push({ status: row.status, at: row.decidedAt.toISOString(), remarks: row.remarks });
  }
  return {
    id: row.id,
    trxNumber: row.trxNumber,
    amount: paiseToRupees(row.amount),
    charge: paiseToRupees(row.charge),
    rate: 1,
    currency: 'INR',
    // The table's check allows bank only.
    method: 'bank',
    status: row.status,
    remarks: row.remarks,
    bank: {
      accountHolderName: row.accountHolderName,
      bankAccountNumber: row.bankAccountNumber,
      bankName: row.bankName,
      ifscCode: row.ifscCode,
    },
    history,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toAdminWithdrawal = (row: WithdrawalRow, user: RequestUser): AdminWithdrawal => ({
  ...toWithdrawal(row),
  user,
});

export function toWithdrawalDetail(
  row: WithdrawalRow,
  user: RequestUser,
  userBank: BankDetails,
  entries: { debit: WalletTransaction; returned: WalletTransaction | null },
): WithdrawalDetail {
  return {
    ...toAdminWithdrawal(row, user),
    userBank,
    // The debit exists from the request on; it is shown once the request is decided (for a
    // rejection beside its return, so the detail tells the whole round trip).
    ledgerEntry: row.status === 'pending' ? null : toWalletTransaction(entries.debit, 'real'),
    returnEntry: entries.returned ? toWalletTransaction(entries.returned, 'real') : null,
  };
}
