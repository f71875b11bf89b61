import { DEFAULT_USDT_INR, usdtInrResponseSchema } from '@app/shared';
import { useEffect, useState } from 'react';
import { api } from './api.ts';

/**
 * The USDT-INR display rate for pages outside the market (receipts): trades are priced and
 * compared in USDT; the rupee figure beside a price is for reading only.
 */

const MAX_AGE_MS = 60_000;
let cached: { rate: number; at: number } | null = null;
let request: Promise<number> | null = null;

/** GET /api/binance/usdt-inr, at most once a minute for the whole app. */
export function loadUsdtInr(): Promise<number> {
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return Promise.resolve(cached.rate);
  request ??= api('/api/binance/usdt-inr', usdtInrResponseSchema)
    .then(({ inr }) => {
      const rate = inr > 0 ? inr : (cached?.rate ?? DEFAULT_USDT_INR);
      cached = { rate, at: Date.now() };
      return rate;
    })
    .catch(() => cached?.rate ?? DEFAULT_USDT_INR)
    .finally(() => {
      request = null;
    });
  return request;
}

export function useUsdtInr(): number {
  const [rate, setRate] = useState(() => cached?.rate ?? DEFAULT_USDT_INR);
  useEffect(() => {
    let live = true;
    void loadUsdtInr().then((r) => {
      if (live) setRate(r);
    });
    return () => {
      live = false;
    };
  }, []);
  return rate;
}

/** For tests. */
export function resetUsdtInrCache(): void {
  cached = null;
  request = null;
}
