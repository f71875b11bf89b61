import {
  formatRupees,
  RECORD_BILL_FILTERS,
  type RecordBillFilter,
  type WalletTransactionView,
} from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import { billTypeKey, isBillFilter } from '../../../lib/bill-types.ts';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { StatementDownload } from './StatementDownload.tsx';
import { WalletNav } from './WalletNav.tsx';

const CURRENCIES = ['INR'] as const;

/** "+" for money in, "-" for money out, with the word for screen readers. */
function Direction({ tx }: { tx: WalletTransactionView }) {
  const { t } = useTranslation();
  const credit = tx.direction === 'credit';
  return (
    <span className={`wl-direction ${credit ? 'up' : 'down'}`} data-direction={tx.direction}>
      <span aria-hidden="true">{credit ? '+' : '-'}</span>
      <span className="sr-only">{credit ? t('wallet.records.credit') : t('wallet.records.debit')}</span>
    </span>
  );
}

/**
 * /assets/records: my ledger, 10 per page, newest first, filtered by currency and bill type.
 * The first page follows the balance live: a `balance` event means a new entry.
 */
export function RecordsPage() {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const [type, setType] = useState<RecordBillFilter>('all');
  const [currency, setCurrency] = useState<string>('INR');
  const [page, setPage] = useState(1);
  const currencyId = useId();
  const typeId = useId();
  const list = useTransactions({ page, type, currency });

  const columns: Array<Column<WalletTransactionView>> = [
    {
      key: 'time',
      header: t('wallet.records.time'),
      cell: (tx) => dateTime(tx.createdAt),
    },
    { key: 'type', header: t('wallet.records.type'), cell: (tx) => t(billTypeKey(tx)) },
    { key: 'direction', header: t('wallet.records.direction'), cell: (tx) => <Direction tx={tx} /> },
    {
      key: 'amount',
      header: t('wallet.records.amount'),
      className: 'num',
      cell: (tx) => formatRupees(tx.amount),
    },
    {
      key: 'after',
      header: t('wallet.records.balanceAfter'),
      className: 'num',
      cell: (tx) => formatRupees(tx.balanceAfter),
    },
    {
      key: 'remarks',
      header: t('wallet.records.remarks'),
      className: 'wl-wrap',
      cell: (tx) => (
        <>
          {tx.remarks || (tx.reference ? null : <span className="muted">—</span>)}
          {tx.reference && (
            <span className="muted small wl-reference">
              {tx.remarks ? ' · ' : ''}
              {tx.reference}
            </span>
          )}
        </>
      ),
    },
  ];

  return (
    <Page title={t('assets.records')} className="wallet-page">
      <WalletNav />
      <form className="toolbar" aria-label={t('wallet.records.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="field field-inline">
          <label htmlFor={currencyId}>{t('wallet.records.currency')}</label>
          <select
            id={currencyId}
            value={currency}
            onChange={(event) => {
              setCurrency(event.target.value);
              setPage(1);
            }}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor={typeId}>{t('wallet.records.billType')}</label>
          <select
            id={typeId}
            value={type}
            onChange={(event) => {
              if (!isBillFilter(event.target.value)) return;
              setType(event.target.value);
              setPage(1);
            }}
          >
            {RECORD_BILL_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`wallet.billFilter.${f}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {list.error && <Notice text={WEB_MSG.recordsLoadFailed} />}
      <div data-testid="records">
        <DataTable
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(tx) => tx.id}
          empty={type === 'all' ? t('common.noData') : t('common.dataNotFound')}
          loading={list.isPending}
          loadingText={t('common.loading')}
          caption={t('wallet.records.table')}
        />
      </div>
      {list.data && <Pager page={page} pages={pagesOf(list.data.pagination)} onPage={setPage} />}
      <StatementDownload />
    </Page>
  );
}
