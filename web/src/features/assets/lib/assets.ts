import { formatINR, formatQuantity } from '@app/shared';

/** What a hidden balance shows instead of a figure. */
export const HIDDEN_AMOUNT = '••••••••';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Available balance on the assets and withdraw screens: max(0, balance - freezAmount). */
export function availableOf(user: { balance: number; freezAmount: number }): number {
  return Math.max(0, round2(user.balance - user.freezAmount));
}

export type AssetRow = {
  currency: 'INR' | 'BTC';
  total: number;
  available: number;
  freeze: number;
};

/** The Asset Overview's rows: INR from the user's balance and hold; BTC is always 0. */
export function assetRows(user: { balance: number; freezAmount: number }): AssetRow[] {
  return [
    { currency: 'INR', total: user.balance, available: availableOf(user), freeze: user.freezAmount },
    { currency: 'BTC', total: 0, available: 0, freeze: 0 },
  ];
}

/** The rows left by the currency search (case-insensitive) and the Hide 0 balance box. */
export function visibleRows(rows: AssetRow[], search: string, hideZero: boolean): AssetRow[] {
  const q = search.trim().toUpperCase();
  return rows.filter((row) => (!q || row.currency.includes(q)) && (!hideZero || row.total !== 0));
}

/** INR in Indian grouping with 2 decimals; other assets as quantities with 8 decimals. */
export function formatAsset(row: AssetRow, value: number): string {
  return row.currency === 'INR' ? formatINR(value) : formatQuantity(value);
}
