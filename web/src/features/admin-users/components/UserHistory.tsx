import {
  MONEY_ACCOUNTS,
  type MoneyAccount,
  type RecordBillFilter,
  TRADE_LOG_ADMIN_LIMIT,
  TRADE_LOG_FILTERS,
  type TradeLogEntry,
  type TradeLogFilter,
} from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { BillTypeSelect, LedgerTable } from '../../../components/LedgerTable.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import { ToggleTabs } from '../../../components/ToggleTabs.tsx';
import { ReceiptButton, useTradeLogColumns } from '../../../components/TradeLogColumns.tsx';
import { TradeReceipt } from '../../../components/TradeReceipt.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useUserRecords } from '../api/get-user-records.ts';
import { useUserTrades } from '../api/get-user-trades.ts';

type View = 'trades' | 'records';

function AccountTabs({ account, onChange }: { account: MoneyAccount; onChange: (a: MoneyAccount) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleTabs
      legend={t('accountMode.label')}
      options={MONEY_ACCOUNTS.map((a) => ({ value: a, label: t(`accountMode.${a}`) }))}
      value={account}
      onChange={onChange}
    />
  );
}

/** The user's trades, 10 a page, by result and account; a row's receipt opens under the table. */
function UserTrades({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TradeLogFilter>('all');
  const [account, setAccount] = useState<MoneyAccount>('real');
  const [page, setPage] = useState(1);
  const [receipt, setReceipt] = useState<TradeLogEntry | null>(null);
  const { data, error, isPending } = useUserTrades(userId, { filter, account, page });
  const columns: Array<Column<TradeLogEntry>> = [
    ...useTradeLogColumns(),
    {
      key: 'action',
      header: t('adminTradeLog.action'),
      cell: (r) => <ReceiptButton trade={r} onOpen={() => setReceipt(r)} />,
    },
  ];
  return (
    <div data-testid="user-trades">
      <div className="toolbar">
        <ToggleTabs
          legend={t('adminTradeLog.filterLabel')}
          options={TRADE_LOG_FILTERS.map((f) => ({ value: f, label: t(`adminTradeLog.filter.${f}`) }))}
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
            setReceipt(null);
          }}
        />
        <AccountTabs
          account={account}
          onChange={(a) => {
            setAccount(a);
            setPage(1);
            setReceipt(null);
          }}
        />
      </div>
      <Notice text={error ? t('adminUsers.detail.tradesLoadFailed') : null} />
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        empty={t('adminTradeLog.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
        caption={t('adminUsers.detail.trades')}
      />
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / TRADE_LOG_ADMIN_LIMIT))}
        onPage={setPage}
        compact
      />
      {receipt && (
        <section className="user-receipt" aria-label={t('tradeInfo.receiptTitle')}>
          <div className="row">
            <h3>{t('tradeInfo.receiptTitle')}</h3>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setReceipt(null)}>
              {t('adminUsers.detail.closeReceipt')}
            </button>
          </div>
          <TradeReceipt trade={receipt} />
        </section>
      )}
    </div>
  );
}

/** The user's Financial Records, 20 a page, by Bill Type and account. */
function UserRecords({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [type, setType] = useState<RecordBillFilter>('all');
  const [account, setAccount] = useState<MoneyAccount>('real');
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useUserRecords(userId, { type, account, page });
  return (
    <div data-testid="user-records">
      <div className="toolbar">
        <BillTypeSelect
          value={type}
          onChange={(next) => {
            setType(next);
            setPage(1);
          }}
        />
        <AccountTabs
          account={account}
          onChange={(a) => {
            setAccount(a);
            setPage(1);
          }}
        />
      </div>
      <Notice text={error ? WEB_MSG.recordsLoadFailed : null} />
      <LedgerTable
        rows={data?.items ?? []}
        empty={type === 'all' ? t('common.noData') : t('common.dataNotFound')}
        loading={isPending}
        caption={t('wallet.records.table')}
      />
      <Pager page={page} pages={pagesOf(data?.pagination)} onPage={setPage} compact />
    </div>
  );
}

/**
 * What the user did with their money, for the user detail: their trades (each with its
 * receipt) or their Financial Records, read through the admin panel's access rule (the
 * gateway refuses an account the viewer may not see).
 */
export function UserHistory({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('trades');
  return (
    <section className="user-history" aria-label={t('adminUsers.detail.history')}>
      <ToggleTabs
        legend={t('adminUsers.detail.history')}
        options={[
          { value: 'trades', label: t('adminUsers.detail.trades') },
          { value: 'records', label: t('wallet.records.table') },
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'trades' ? <UserTrades userId={userId} /> : <UserRecords userId={userId} />}
    </section>
  );
}
