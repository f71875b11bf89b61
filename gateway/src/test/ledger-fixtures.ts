import type { BillType } from '@app/shared';

/** The platform account on the other side of each real-money movement a test posts. */
export const COUNTERPARTY = {
  recharge: 'payments',
  withdrawal: 'payments',
  withdrawal_return: 'payments',
  admin_adjustment: 'adjustments',
  trade_stake: 'house_real',
  trade_payout: 'house_real',
  trade_refund: 'house_real',
} as const satisfies Partial<Record<BillType, string>>;
