import { useTranslation } from 'react-i18next';

/**
 * SLOT: the Quick Trade card (amount, durations, Trade Up / Trade Down) arrives with the
 * trades issue and replaces this placeholder. Nothing here pretends to trade.
 */
export function QuickTradeSlot({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="card quick-trade-slot"
      data-slot="quick-trade"
      data-symbol={symbol}
      aria-label={t('trade.quickTrade')}
    >
      <h2 className="card-label">{t('trade.quickTrade')}</h2>
      <p className="muted small">{t('trade.quickTradeSoon')}</p>
    </section>
  );
}
