import { RECORD_BILL_FILTERS, type RecordBillFilter, type WalletTransactionView } from '@app/shared';

export function isBillFilter(value: string): value is RecordBillFilter {
  return (RECORD_BILL_FILTERS as readonly string[]).includes(value);
}

/**
 * The i18n key of a ledger row's type. An admin adjustment that took money away is not
 * "System added": it says System deducted. A lost trade's stake is its "Trade loss" (what the
 * Trade loss filter lists); a stake of a trade that is running or ended otherwise stays a stake.
 */
export function billTypeKey(tx: Pick<WalletTransactionView, 'type' | 'direction' | 'trade'>): string {
  if (tx.type === 'admin_adjustment' && tx.direction === 'debit') return 'wallet.billType.admin_deduction';
  if (tx.type === 'trade_stake' && tx.trade?.status === 'lost') return 'wallet.billType.trade_loss';
  return `wallet.billType.${tx.type}`;
}
