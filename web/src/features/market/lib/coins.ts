import { COINS } from '@app/shared';

const NAMES = new Map(COINS.map((c) => [c.symbol, c.name]));

/** The coin's name: the spec's list first, then the market data, else the symbol. */
export function coinName(symbol: string, fromMarket?: string | null): string {
  return NAMES.get(symbol) ?? (fromMarket || symbol);
}

/** The market data's icon, else the public icon host by lower-cased symbol. */
export function coinIconUrl(symbol: string, icon?: string | null): string {
  return icon || `https://assets.coincap.io/assets/icons/${symbol.toLowerCase()}@2x.png`;
}

/** "BTC-INR" → "BTC"; null when the text is not a SYMBOL-INR pair. */
export function symbolOfPair(pair: string): string | null {
  const m = /^([A-Za-z0-9]{1,15})-INR$/i.exec(pair.trim());
  return m?.[1] ? m[1].toUpperCase() : null;
}

export const pairOf = (symbol: string) => `${symbol}-INR`;
export const pairLabel = (symbol: string) => `${symbol}/INR`;
