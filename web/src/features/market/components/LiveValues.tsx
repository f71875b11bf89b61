import { abbreviateNumber } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveAnnouncer } from '../../../components/LiveAnnouncer.tsx';
import { pairLabel } from '../lib/coins.ts';
import { abbreviatePrice, formatInrPrice, formatPercent, formatUsd } from '../lib/format.ts';
import { useMarketStore } from '../stores/market-store.ts';

/**
 * Small components that each subscribe to one number of the market store, so a price
 * change re-renders that number and nothing around it.
 */

type Direction = 'up' | 'down' | null;

/** Which way the value last moved (kept until it moves again). */
function useDirection(value: number | null): Direction {
  const prev = useRef(value);
  const last = useRef<Direction>(null);
  let dir = last.current;
  if (value !== null && prev.current !== null && value !== prev.current)
    dir = value > prev.current ? 'up' : 'down';
  useEffect(() => {
    prev.current = value;
    last.current = dir;
  });
  return dir;
}

/** The latest USDT price: the live tick, else the ticker/REST quote. */
const usePrice = (symbol: string) =>
  useMarketStore((s) => s.ticks[symbol]?.price ?? s.quotes[symbol]?.price ?? null);

export function LivePrice({
  symbol,
  currency,
  className,
  testId = 'live-price',
}: {
  symbol: string;
  currency: 'inr' | 'usd' | 'usd-short';
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const price = usePrice(symbol);
  const rate = useMarketStore((s) => s.usdtInr);
  const dir = useDirection(price);
  let text = t('market.noPrice');
  if (price !== null) {
    if (currency === 'inr') text = formatInrPrice(price, rate);
    else if (currency === 'usd') text = formatUsd(price);
    else text = `$${abbreviatePrice(price)}`;
  }
  return (
    <span className={`live-value ${className ?? ''}`} data-testid={testId} data-dir={dir ?? undefined}>
      <span key={price ?? 'none'} className={dir ? `flash-${dir}` : undefined}>
        {text}
      </span>
    </span>
  );
}

/**
 * The pair's price for screen readers: a polite announcement at most every few seconds, while
 * the visible price follows every tick.
 */
export function LivePriceAnnouncer({ symbol }: { symbol: string }) {
  const price = usePrice(symbol);
  const rate = useMarketStore((s) => s.usdtInr);
  const text = price === null ? null : `${pairLabel(symbol)}: ${formatInrPrice(price, rate)}`;
  return <LiveAnnouncer text={text} testId="price-announcer" />;
}

/** "≈ ₹1,23,456.70" under a USD price. */
export function InrEquivalent({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const price = usePrice(symbol);
  const rate = useMarketStore((s) => s.usdtInr);
  if (price === null) return null;
  return <span className="muted">{t('market.approxInr', { value: formatInrPrice(price, rate) })}</span>;
}

export function PercentText({ percent, testId }: { percent: number | null; testId?: string }) {
  const { t } = useTranslation();
  if (percent === null || !Number.isFinite(percent))
    return <span className="muted">{t('market.noPrice')}</span>;
  return (
    <span className={percent >= 0 ? 'up' : 'down'} data-testid={testId}>
      {formatPercent(percent)}
    </span>
  );
}

/** 24 h change from the `ticker` room (or /api/market). */
export function QuoteChange({ symbol }: { symbol: string }) {
  const percent = useMarketStore((s) => s.quotes[symbol]?.priceChangePercent ?? null);
  return <PercentText percent={percent} />;
}

/** 24 h quote volume, in INR, abbreviated. */
export function QuoteVolume({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const volume = useMarketStore((s) => s.quotes[symbol]?.volume ?? null);
  const rate = useMarketStore((s) => s.usdtInr);
  if (volume === null) return <span className="muted">{t('market.noPrice')}</span>;
  return <span>₹{abbreviateNumber(volume * rate)}</span>;
}

/** 24 h change from the coin's stats (the trade page), falling back to the quote. */
export function StatsChange({ symbol }: { symbol: string }) {
  const percent = useMarketStore(
    (s) => s.stats[symbol]?.priceChangePercent ?? s.quotes[symbol]?.priceChangePercent ?? null,
  );
  return <PercentText percent={percent} testId="change-24h" />;
}

export function StatsValue({ symbol, field }: { symbol: string; field: 'high' | 'low' }) {
  const { t } = useTranslation();
  const value = useMarketStore((s) => s.stats[symbol]?.[field] ?? null);
  const rate = useMarketStore((s) => s.usdtInr);
  return <span>{value === null ? t('market.noPrice') : formatInrPrice(value, rate)}</span>;
}

export function StatsVolume({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const volume = useMarketStore((s) => s.stats[symbol]?.volume ?? null);
  return <span>{volume === null ? t('market.noPrice') : `${abbreviateNumber(volume)} ${symbol}`}</span>;
}

/** When the last price arrived. */
export function LastUpdated({ symbol }: { symbol: string }) {
  const { t, i18n } = useTranslation();
  const at = useMarketStore((s) => s.ticks[symbol]?.receivedAt ?? null);
  return (
    <p className="muted small last-updated" data-testid="last-updated">
      {at === null
        ? t('market.notUpdated')
        : t('market.lastUpdated', { time: new Date(at).toLocaleTimeString(i18n.language) })}
    </p>
  );
}
