import { formatINR } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { formatSignedRupees, profitTone } from '../../../lib/trades.ts';
import { type RecentTrade, useRecentTrades } from '../api/get-recent-trades.ts';

/** The dashboard's last five trades; refetched when one is placed or settled. */
export function RecentTrades() {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const { data, isPending } = useRecentTrades();

  const columns: Array<Column<RecentTrade>> = [
    {
      key: 'pair',
      header: t('orders.crypto'),
      cell: (row) => (
        <>
          {row.pair}{' '}
          {row.account === 'practice' && (
            <span className="badge badge-practice">{t('accountMode.practice')}</span>
          )}
        </>
      ),
    },
    {
      key: 'direction',
      header: t('orders.direction'),
      cell: (row) => (
        <span className={row.direction === 'up' ? 'up' : 'down'}>{t(`tradeInfo.${row.direction}`)}</span>
      ),
    },
    { key: 'amount', header: t('orders.amount'), cell: (row) => `₹${formatINR(row.amount)}` },
    {
      key: 'result',
      header: t('orders.result'),
      cell: (row) => <span data-outcome={row.outcome}>{t(`tradeInfo.outcome.${row.outcome}`)}</span>,
    },
    {
      key: 'pl',
      header: t('orders.profitLoss'),
      className: 'num',
      cell: (row) =>
        row.profit === null ? (
          <span className="muted">—</span>
        ) : (
          <span className={profitTone(row.profit)}>{formatSignedRupees(row.profit)}</span>
        ),
    },
    { key: 'date', header: t('orders.date'), cell: (row) => dateTime(row.createdAt) },
  ];

  return (
    <section className="section recent-trades" data-testid="recent-trades">
      <header className="section-head">
        <h2>{t('account.recentTrades')}</h2>
        <Link to="/orders" className="btn btn-ghost btn-sm">
          {t('account.allOrders')}
        </Link>
      </header>
      <DataTable
        columns={columns}
        rows={data ?? []}
        rowKey={(row) => row.id}
        empty={t('account.noTrades')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
    </section>
  );
}
