import { RECORD_BILL_FILTERS, type RecordBillFilter, type WalletTransactionView } from '@app/shared';

export function isBillFilter(value: string): value is RecordBillFilter {
  return (RECORD_BILL_FILTERS as readonly string[]).includes(value);
}

/**
 * The i18n key of a ledger row's type. An admin adjustment that took money away is not
 * "System added": it says System deducted.
 */
export function billTypeKey(tx: Pick<WalletTransactionView, 'type' | 'direction'>): string {
  if (tx.type === 'admin_adjustment' && tx.direction === 'debit') return 'wallet.billType.admin_deduction';
  return `wallet.billType.${tx.type}`;
}
