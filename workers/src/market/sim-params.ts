import { createRng } from './rng.ts';

/**
 * The coins' parameters for the simulated market, and prices on a coin's price step.
 */

/** Start price (USDT), annualised volatility, price step, 24 h quote volume (USDT). */
export type SimParams = { price: number; vol: number; tick: number; dailyVolume: number };

const KNOWN: Record<string, SimParams> = {
  BTC: { price: 64_250, vol: 0.55, tick: 0.01, dailyVolume: 1.8e9 },
  ETH: { price: 3_150, vol: 0.7, tick: 0.01, dailyVolume: 9e8 },
  BNB: { price: 585, vol: 0.55, tick: 0.01, dailyVolume: 1.2e8 },
  SOL: { price: 148, vol: 0.9, tick: 0.01, dailyVolume: 4e8 },
  XRP: { price: 0.52, vol: 0.85, tick: 0.0001, dailyVolume: 1.5e8 },
  DOGE: { price: 0.125, vol: 1.0, tick: 0.00001, dailyVolume: 1.6e8 },
  ADA: { price: 0.41, vol: 0.85, tick: 0.0001, dailyVolume: 5e7 },
  AVAX: { price: 27.5, vol: 0.95, tick: 0.01, dailyVolume: 5e7 },
  LINK: { price: 13.8, vol: 0.9, tick: 0.01, dailyVolume: 4e7 },
  TRX: { price: 0.12, vol: 0.55, tick: 0.00001, dailyVolume: 3e7 },
  DOT: { price: 6.2, vol: 0.85, tick: 0.001, dailyVolume: 2.5e7 },
  MATIC: { price: 0.55, vol: 0.9, tick: 0.0001, dailyVolume: 2e7 },
  SHIB: { price: 0.00001785, vol: 1.1, tick: 0.00000001, dailyVolume: 4e7 },
  LTC: { price: 72, vol: 0.75, tick: 0.01, dailyVolume: 3e7 },
  BCH: { price: 380, vol: 0.8, tick: 0.1, dailyVolume: 2.5e7 },
  UNI: { price: 7.4, vol: 0.95, tick: 0.001, dailyVolume: 1.5e7 },
  ICP: { price: 9.1, vol: 1.0, tick: 0.001, dailyVolume: 1e7 },
  FIL: { price: 4.6, vol: 0.95, tick: 0.001, dailyVolume: 1e7 },
  ATOM: { price: 6.8, vol: 0.85, tick: 0.001, dailyVolume: 1e7 },
  ETC: { price: 23.5, vol: 0.8, tick: 0.01, dailyVolume: 1.5e7 },
};

/** Parameters of a coin: the table above, or derived from the symbol for any other coin. */
export function simParams(symbol: string): SimParams {
  const known = KNOWN[symbol.toUpperCase()];
  if (known) return known;
  const rng = createRng('params', symbol.toUpperCase());
  const price = 10 ** (rng.next() * 4 - 1); // 0.1 .. 1000
  return {
    price: Number(price.toPrecision(4)),
    vol: 0.8,
    tick: 10 ** (Math.floor(Math.log10(price)) - 4),
    dailyVolume: 1e7,
  };
}

/** `value` on the coin's price step, without binary noise (0.1 + 0.2 stays 0.3). */
export function roundToStep(value: number, step: number): number {
  const digits = Math.max(0, Math.min(8, Math.ceil(-Math.log10(step) - 1e-9)));
  return Number((Math.round(value / step) * step).toFixed(digits));
}
