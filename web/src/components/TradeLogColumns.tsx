import { formatINR, type TradeLogEntry } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { isRunning } from '../lib/trades.ts';
import type { Column } from './DataTable.tsx';
import { formatTimestamp, OutcomeBadge } from './TradeResult.tsx';

/**
 * The admin's columns of a trade (the trade log, a user's trades in the user detail): crypto,
 * amount, in time, high/low, result, status and date. Who traded and the actions are the
 * screen's own.
 */
export function useTradeLogColumns(): Array<Column<TradeLogEntry>> {
  const { t } = useTranslation();
  return [
    { key: 'crypto', header: t('adminTradeLog.crypto'), cell: (r) => r.pair },
    { key: 'amount', header: t('adminTradeLog.amount'), cell: (r) => `₹${formatINR(r.amount)}` },
    {
      key: 'inTime',
      header: t('adminTradeLog.inTime'),
      cell: (r) => t('tradeInfo.seconds', { count: r.durationSeconds }),
    },
    {
      key: 'highLow',
      header: t('adminTradeLog.highLow'),
      cell: (r) => t(r.direction === 'up' ? 'adminTradeLog.buyUp' : 'adminTradeLog.buyDown'),
    },
    { key: 'result', header: t('adminTradeLog.result'), cell: (r) => <OutcomeBadge trade={r} /> },
    {
      key: 'status',
      header: t('adminTradeLog.status'),
      cell: (r) => (isRunning(r) ? t('adminTradeLog.running') : t('adminTradeLog.completed')),
    },
    { key: 'date', header: t('adminTradeLog.date'), cell: (r) => formatTimestamp(r.createdAt) },
  ];
}

/** A trade's Receipt button, named by whose trade of which pair it is. */
export function ReceiptButton({ trade, onOpen }: { trade: TradeLogEntry; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label={t('adminTradeLog.receiptOf', { user: trade.username, pair: trade.pair })}
      onClick={onOpen}
    >
      {t('adminTradeLog.receipt')}
    </button>
  );
}
