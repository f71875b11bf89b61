import type { WalletTransaction } from '@app/db';
import { type MoneyAccount, paiseToRupees, type WalletTransactionView } from '@app/shared';

/** A ledger movement of one of the user's balances as Financial Records shows it. */
export const toWalletTransaction = (tx: WalletTransaction, account: MoneyAccount): WalletTransactionView => ({
  id: tx.entryId.toString(),
  type: tx.type,
  direction: tx.direction,
  amount: paiseToRupees(tx.amount),
  balanceAfter: paiseToRupees(tx.balanceAfter),
  currency: 'INR',
  account,
  remarks: tx.remarks,
  reference: tx.reference,
  trade: tx.trade && {
    status: tx.trade.status,
    profit: tx.trade.profit === null ? null : paiseToRupees(tx.trade.profit),
  },
  createdAt: tx.createdAt.toISOString(),
});
