import { formatRupees, type WalletTransactionView } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { billTypeKey } from '../../../lib/bill-types.ts';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useWalletActivity } from '../api/get-wallet-activity.ts';

/** The dashboard's five newest ledger entries; reloaded when money moves. */
export function WalletActivity() {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const { data, error, isPending } = useWalletActivity();

  const columns: Array<Column<WalletTransactionView>> = [
    {
      key: 'time',
      header: t('wallet.records.time'),
      cell: (tx) => dateTime(tx.createdAt),
    },
    { key: 'type', header: t('wallet.records.type'), cell: (tx) => t(billTypeKey(tx)) },
    {
      key: 'amount',
      header: t('wallet.records.amount'),
      className: 'num',
      cell: (tx) => (
        <span className={tx.direction === 'credit' ? 'up' : 'down'} data-direction={tx.direction}>
          {tx.direction === 'credit' ? '+' : '-'}
          {formatRupees(tx.amount)}
        </span>
      ),
    },
    {
      key: 'after',
      header: t('wallet.records.balanceAfter'),
      className: 'num',
      cell: (tx) => formatRupees(tx.balanceAfter),
    },
  ];

  return (
    <section className="section" data-testid="wallet-activity" aria-labelledby="wallet-activity-title">
      <header className="section-head">
        <h2 id="wallet-activity-title">{t('wallet.dashboard.activity')}</h2>
        <Link to="/assets/records" className="btn btn-ghost btn-sm">
          {t('wallet.dashboard.allRecords')}
        </Link>
      </header>
      {error && <Notice text={WEB_MSG.recordsLoadFailed} />}
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(tx) => tx.id}
        empty={t('common.noData')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      {data?.more && (
        <p className="small dash-more">
          <Link to="/assets/records">{t('wallet.dashboard.more')}</Link>
        </p>
      )}
    </section>
  );
}
