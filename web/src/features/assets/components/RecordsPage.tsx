import type { RecordBillFilter } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillTypeSelect, LedgerTable } from '../../../components/LedgerTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { StatementDownload } from './StatementDownload.tsx';
import { WalletNav } from './WalletNav.tsx';

const CURRENCIES = ['INR'] as const;

/**
 * /assets/records: my ledger, 10 per page, newest first, filtered by currency and bill type.
 * The first page follows the balance live: a `balance` event means a new entry.
 */
export function RecordsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<RecordBillFilter>('all');
  const [currency, setCurrency] = useState<string>('INR');
  const [page, setPage] = useState(1);
  const currencyId = useId();
  const list = useTransactions({ page, type, currency });

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
        <BillTypeSelect
          value={type}
          onChange={(next) => {
            setType(next);
            setPage(1);
          }}
        />
      </form>
      {list.error && <Notice text={WEB_MSG.recordsLoadFailed} />}
      <div data-testid="records">
        <LedgerTable
          rows={list.data?.items ?? []}
          empty={type === 'all' ? t('common.noData') : t('common.dataNotFound')}
          loading={list.isPending}
          caption={t('wallet.records.table')}
        />
      </div>
      {list.data && <Pager page={page} pages={pagesOf(list.data.pagination)} onPage={setPage} />}
      <StatementDownload />
    </Page>
  );
}
