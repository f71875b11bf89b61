import type { UsdtInrRate } from '@app/shared';
import type { Logger } from '../logger.ts';

const FIELDS = ['inr', 'price', 'rate'] as const;

/** The rate in a JSON answer: a number (or numeric string) field `inr`, `price` or `rate`. */
export function readRate(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  for (const field of FIELDS) {
    const raw = record[field];
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    // A USDT is worth some rupees, not fractions of one nor a fortune: anything else is a broken source.
    if (Number.isFinite(value) && value >= 1 && value <= 100_000) return value;
  }
  return undefined;
}

export type UsdtInrOptions = {
  rate: number;
  url: string | undefined;
  refreshMs: number;
  timeoutMs: number;
  logger: Logger;
  write: (rate: UsdtInrRate, onlyIfMissing: boolean) => Promise<void>;
};

/**
 * Keeps `market:usdtinr` filled: the configured rate, or the one USDT_INR_URL answers
 * (re-read periodically; a failed read keeps the last good value).
 */
export class UsdtInrSource {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly opts: UsdtInrOptions) {}

  async start() {
    const configured: UsdtInrRate = { inr: this.opts.rate, source: 'config', updatedAt: Date.now() };
    if (!this.opts.url) {
      await this.opts.write(configured, false);
      return;
    }
    // Until the source answers, readers get the configured rate (but a rate loaded earlier stays).
    await this.opts.write(configured, true);
    await this.load();
    if (!this.stopped) this.timer = setInterval(() => void this.load(), this.opts.refreshMs);
  }

  private async load() {
    const url = this.opts.url;
    if (!url) return;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const inr = readRate(await res.json());
      if (inr === undefined) throw new Error('no usable number in fields inr, price or rate');
      if (this.stopped) return;
      await this.opts.write({ inr, source: new URL(url).host, updatedAt: Date.now() }, false);
    } catch (err) {
      this.opts.logger.warn(
        { err: err instanceof Error ? err.message : String(err), url },
        'USDT-INR rate not loaded; keeping the last one',
      );
    }
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
  }
}
