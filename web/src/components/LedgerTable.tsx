import {
  formatRupees,
  RECORD_BILL_FILTERS,
  type RecordBillFilter,
  type WalletTransactionView,
} from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { billTypeKey, isBillFilter } from '../lib/bill-types.ts';
import { useLocaleFormat } from '../lib/locale-format.ts';
import { type Column, DataTable } from './DataTable.tsx';

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

/** The amount, and under a won trade's payout the profit it holds. */
function Amount({ tx }: { tx: WalletTransactionView }) {
  const { t } = useTranslation();
  const profit = tx.type === 'trade_payout' ? tx.trade?.profit : null;
  return (
    <>
      {formatRupees(tx.amount)}
      {profit != null && (
        <span className="muted small wl-profit" data-testid="ledger-profit">
          {' '}
          {t('wallet.records.profit', { amount: formatRupees(profit) })}
        </span>
      )}
    </>
  );
}

/**
 * Ledger rows as Financial Records shows them (the user's own, and a user's in the admin user
 * detail): time, type, direction, amount (a payout with its profit), balance after, remarks.
 */
export function LedgerTable({
  rows,
  empty,
  loading,
  caption,
}: {
  rows: WalletTransactionView[];
  empty: string;
  loading: boolean;
  caption: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const columns: Array<Column<WalletTransactionView>> = [
    { key: 'time', header: t('wallet.records.time'), cell: (tx) => dateTime(tx.createdAt) },
    { key: 'type', header: t('wallet.records.type'), cell: (tx) => t(billTypeKey(tx)) },
    { key: 'direction', header: t('wallet.records.direction'), cell: (tx) => <Direction tx={tx} /> },
    { key: 'amount', header: t('wallet.records.amount'), className: 'num', cell: (tx) => <Amount tx={tx} /> },
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
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(tx) => tx.id}
      empty={empty}
      loading={loading}
      loadingText={t('common.loading')}
      caption={caption}
    />
  );
}

/** The spec's Bill Type filter (Financial Records). */
export function BillTypeSelect({
  value,
  onChange,
}: {
  value: RecordBillFilter;
  onChange: (type: RecordBillFilter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{t('wallet.records.billType')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isBillFilter(event.target.value)) onChange(event.target.value);
        }}
      >
        {RECORD_BILL_FILTERS.map((f) => (
          <option key={f} value={f}>
            {t(`wallet.billFilter.${f}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
