import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LivePrice } from './LiveValues.tsx';

/** Draws the Quick Trade card of a coin, given the live price this feature owns. */
export type QuickTradeRenderer = (symbol: string, price: ReactNode) => ReactNode;

/**
 * Where the Quick Trade card goes. The app passes the trade feature's card in (features do
 * not import each other); without one, a marked empty slot.
 */
export function QuickTradeSlot({ symbol, render }: { symbol: string; render?: QuickTradeRenderer }) {
  const { t } = useTranslation();
  if (render) {
    return <>{render(symbol, <LivePrice symbol={symbol} currency="inr" testId="trade-card-price" />)}</>;
  }
  return (
    <section
      className="card quick-trade-slot"
      data-slot="quick-trade"
      data-symbol={symbol}
      aria-label={t('trade.quickTrade')}
    >
      <h2 className="card-label">{t('trade.quickTrade')}</h2>
    </section>
  );
}
