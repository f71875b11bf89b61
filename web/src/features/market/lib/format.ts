import { abbreviateNumber } from '@app/shared';

/** INR display of a USDT amount. INR figures are for display only; trades compare USDT. */
export function toInr(usdt: number, rate: number): number {
  return usdt * rate;
}

/** 2 decimals from 1 up; below 1, enough decimals to show 4 significant digits (at most 8). */
export function priceDigits(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1 || abs === 0 || !Number.isFinite(abs)) return 2;
  return Math.min(8, Math.max(2, Math.ceil(-Math.log10(abs)) + 3));
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}:${min}:${max}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, f);
  }
  return f;
}

/** A price in Indian grouping ("1,23,456.70", "0.0008123"). */
export function formatPrice(value: number, locale = 'en-IN'): string {
  return formatter(locale, 2, priceDigits(value)).format(value);
}

/** A price with exactly `digits` decimals (a column of prices that must line up). */
export function formatFixed(value: number, digits: number, locale = 'en-IN'): string {
  return formatter(locale, digits, digits).format(value);
}

/**
 * Decimals that tell adjacent price levels apart: at least the price's own digits, more
 * when the levels are closer together than that (small coins converted to INR), at most 8.
 */
export function levelDigits(prices: readonly number[]): number {
  const first = prices[0];
  if (first === undefined) return 2;
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < prices.length; i++) {
    const d = Math.abs((prices[i] ?? 0) - (prices[i - 1] ?? 0));
    if (d > 0 && d < gap) gap = d;
  }
  const needed = Number.isFinite(gap) ? Math.ceil(-Math.log10(gap) - 1e-9) : 0;
  return Math.min(8, Math.max(priceDigits(first), needed));
}

export function formatInrPrice(usdt: number, rate: number): string {
  return `₹${formatPrice(toInr(usdt, rate))}`;
}

export function formatUsd(value: number): string {
  return `$${formatPrice(value, 'en-US')}`;
}

/** K/M/B/T from a thousand up; small prices keep their significant digits. */
export function abbreviatePrice(value: number): string {
  return Math.abs(value) >= 1e3 ? abbreviateNumber(value) : formatPrice(value, 'en-US');
}

export function formatPercent(percent: number): string {
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(2)}%`;
}

/** Base-asset quantities: up to 6 decimals, fewer for large amounts. */
export function formatQuantity(quantity: number): string {
  const digits = quantity >= 1000 ? 2 : quantity >= 1 ? 4 : 6;
  return quantity.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: digits });
}
