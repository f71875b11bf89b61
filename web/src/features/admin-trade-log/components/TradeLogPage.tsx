import {
  MONEY_ACCOUNTS,
  type MoneyAccount,
  TRADE_LOG_ADMIN_LIMIT,
  TRADE_LOG_FILTERS,
  type TradeLogEntry,
  type TradeLogFilter,
} from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ToggleTabs } from '../../../components/ToggleTabs.tsx';
import { ReceiptButton, useTradeLogColumns } from '../../../components/TradeLogColumns.tsx';
import { TradeReceipt } from '../../../components/TradeReceipt.tsx';
import { showToast } from '../../../lib/toast.ts';
import { isRunning } from '../../../lib/trades.ts';
import { positiveInt, useUrlState } from '../../../lib/url-state.ts';
import { useTradeLog } from '../api/list-trade-log.ts';
import { parseDateRange } from '../lib/date-range.ts';
import { CancelTradeDialog } from './CancelTradeDialog.tsx';

const isFilter = (v: string | null): v is TradeLogFilter => TRADE_LOG_FILTERS.some((f) => f === v);
const isAccount = (v: string | null): v is MoneyAccount => MONEY_ACCOUNTS.some((a) => a === v);

/** Typed text reaches the query a moment after the last key. */
function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The trade log (admin-side "Trade log"): a title per filter, search by username or crypto, a
 * `YYYY-MM-DD - YYYY-MM-DD` range, 10 per page, real and practice apart. A row opens its
 * receipt (entry and exit prices with their Binance trade ids); a running trade can be
 * cancelled with a reason. Nothing here edits a result: settled trades are final.
 */
export function TradeLogPage() {
  const { t } = useTranslation();
  const rangeId = useId();
  const [params, update] = useUrlState();
  const filterParam = params.get('filter');
  const filter: TradeLogFilter = isFilter(filterParam) ? filterParam : 'all';
  const accountParam = params.get('account');
  const account: MoneyAccount = isAccount(accountParam) ? accountParam : 'real';
  const page = positiveInt(params.get('page'), 1);

  const [search, setSearch] = useState(params.get('q') ?? '');
  const [rangeText, setRangeText] = useState(params.get('range') ?? '');
  const q = useDebounced(search.trim());
  const typedRange = useDebounced(rangeText);
  const range = parseDateRange(typedRange);
  const dates = range && !('invalid' in range) ? range : {};
  const rangeProblem =
    range && 'invalid' in range
      ? range.invalid === 'format'
        ? t('adminTradeLog.rangeInvalid')
        : range.invalid
      : null;

  // Keep the URL in step with what is typed (a new search starts at page 1).
  useEffect(() => {
    if (q !== (params.get('q') ?? '') || typedRange !== (params.get('range') ?? ''))
      update({ q, range: typedRange.trim(), page: null });
  }, [q, typedRange]);

  const [receipt, setReceipt] = useState<TradeLogEntry | null>(null);
  const [cancelling, setCancelling] = useState<TradeLogEntry | null>(null);
  const { data, isPending } = useTradeLog({ filter, account, q, ...dates, page });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / TRADE_LOG_ADMIN_LIMIT));

  const columns: Array<Column<TradeLogEntry>> = [
    { key: 'user', header: t('adminTradeLog.user'), cell: (r) => r.username },
    ...useTradeLogColumns(),
    {
      key: 'action',
      header: t('adminTradeLog.action'),
      cell: (r) => (
        <div className="row row-tight">
          <ReceiptButton trade={r} onOpen={() => setReceipt(r)} />
          {isRunning(r) && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t('adminTradeLog.cancelOf', { user: r.username, pair: r.pair })}
              onClick={() => setCancelling(r)}
            >
              {t('adminTradeLog.cancel')}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Page title={t(`adminTradeLog.title.${filter}`)}>
      <div className="toolbar">
        <ToggleTabs
          legend={t('adminTradeLog.filterLabel')}
          options={TRADE_LOG_FILTERS.map((f) => ({ value: f, label: t(`adminTradeLog.filter.${f}`) }))}
          value={filter}
          onChange={(f) => update({ filter: f === 'all' ? null : f, page: null })}
        />
        <ToggleTabs
          legend={t('accountMode.label')}
          options={MONEY_ACCOUNTS.map((a) => ({ value: a, label: t(`accountMode.${a}`) }))}
          value={account}
          onChange={(a) => update({ account: a === 'real' ? null : a, page: null })}
        />
      </div>
      <div className="toolbar">
        <SearchField value={search} onChange={setSearch} placeholder={t('adminTradeLog.searchPlaceholder')} />
        <div className="field field-inline">
          <label htmlFor={rangeId}>{t('adminTradeLog.dateRange')}</label>
          <input
            id={rangeId}
            value={rangeText}
            placeholder="YYYY-MM-DD - YYYY-MM-DD"
            aria-invalid={rangeProblem !== null}
            onChange={(event) => setRangeText(event.target.value)}
          />
        </div>
      </div>
      <Notice text={rangeProblem} />
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        empty={t('adminTradeLog.empty')}
        loading={isPending}
        loadingText={t('common.loading')}
      />
      <Pager page={page} pages={pages} onPage={(p) => update({ page: p === 1 ? null : p })} compact />

      {receipt && (
        <Modal label={t('tradeInfo.receiptTitle')} size="md" onClose={() => setReceipt(null)}>
          <p className="muted small">{t('adminTradeLog.receiptUser', { user: receipt.username })}</p>
          <TradeReceipt trade={receipt} />
        </Modal>
      )}
      {cancelling && (
        <CancelTradeDialog
          trade={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            showToast(t('adminTradeLog.cancelled'));
          }}
        />
      )}
    </Page>
  );
}
